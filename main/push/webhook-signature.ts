/**
 * Verifies `X-Signature-256: sha256=<hex>` (HMAC-SHA256 of the raw request body with the webhook
 * secret) in constant time. Use the raw bytes as received: re-serialised JSON would not match.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  header: string | null | undefined,
): boolean {
  if (!header || !secret) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(m[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
