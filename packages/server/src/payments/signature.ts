import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature FastSpring sends in X-FS-Signature: the base64 HMAC-SHA256 of the raw request body with the
 * webhook's secret. The local test provider signs its webhooks the same way, so one check serves both.
 */
export const SIGNATURE_HEADER = 'x-fs-signature';

export function signPayload(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Compares in constant time; a missing, malformed or repeated header is simply not a match. */
export function signatureMatches(rawBody: Buffer, secret: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || header.length === 0) return false;
  const expected = Buffer.from(signPayload(rawBody, secret), 'base64');
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
