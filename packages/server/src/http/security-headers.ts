import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy the built web app satisfies (checked in Chromium by e2e/app.test.ts, which fails on any
 * violation): scripts, fonts and calls from this origin only; inline styles, which antd's CSS-in-JS writes; images
 * also as data: and blob: URLs (the share image). No framing by any site (frame-ancestors, X-Frame-Options for older
 * browsers).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('x-frame-options', 'DENY');
  // Activation and unsubscribe links carry tokens in their query: never send them on as a Referer.
  void reply.header('referrer-policy', 'no-referrer');
  if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000');
}
