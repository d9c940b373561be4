import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentSecuritySources, NO_EXTRA_SOURCES } from '../payments/index.ts';

/**
 * The Content-Security-Policy the built web app satisfies (checked in Chromium by the e2e tests, which fail on any
 * violation): scripts, fonts and calls from this origin only; inline styles, which antd's CSS-in-JS writes; images
 * also as data: and blob: URLs (the share image). No framing by any site (frame-ancestors, X-Frame-Options for older
 * browsers). The one outside script is the payment provider's (FastSpring's Store Builder and its storefront), added
 * only when that provider is configured.
 */
export function contentSecurityPolicy(payment: ContentSecuritySources = NO_EXTRA_SOURCES): string {
  const sources = (own: string[], extra: string[]) => [...own, ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources(["'self'"], payment.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources(["'self'", 'data:', 'blob:'], payment.img)}`,
    "font-src 'self' data:",
    `connect-src ${sources(["'self'"], payment.connect)}`,
    ...(payment.frame.length > 0 ? [`frame-src ${sources(["'self'"], payment.frame)}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Where the OCR files are served (the web build copies them there): tesseract.js's worker, core and languages. */
export const OCR_PATH = '/app/ocr/';

/**
 * The policy of the OCR files: the worker runs as its own script from OCR_PATH (never from a blob: URL, which
 * would take the page's policy) and compiles Tesseract's WebAssembly, which needs 'wasm-unsafe-eval'. Only these
 * responses carry it, so a worker's policy allows WebAssembly and the pages' policy does not.
 */
export function ocrWorkerPolicy(pagePolicy: string): string {
  return pagePolicy.replace(/script-src ([^;]*)/, "script-src $1 'wasm-unsafe-eval'");
}

/** The headers of every response, with the policy built once from the configuration. */
export function securityHeaders(policy: string) {
  const ocrPolicy = ocrWorkerPolicy(policy);
  return (request: FastifyRequest, reply: FastifyReply): void => {
    void reply.header('content-security-policy', request.url.startsWith(OCR_PATH) ? ocrPolicy : policy);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'DENY');
    // Activation and unsubscribe links carry tokens in their query: never send them on as a Referer.
    void reply.header('referrer-policy', 'no-referrer');
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000');
  };
}
