import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../main/push/webhook-signature';
import { signBody } from '../../main/demo/push';

describe('webhook signature', () => {
  const body = '{"id":"x","event":"readings.delivered","data":[{"value":0.125}]}';
  it('accepts the demo service signature of the raw body', () => {
    expect(verifyWebhookSignature('whsec_1', body, signBody('whsec_1', body))).toBe(true);
    expect(
      verifyWebhookSignature(
        'whsec_1',
        Buffer.from(body),
        'sha256=' + createHmac('sha256', 'whsec_1').update(body).digest('hex').toUpperCase(),
      ),
    ).toBe(true);
  });
  it('rejects another secret, a changed body, and malformed headers', () => {
    const sig = signBody('whsec_1', body);
    expect(verifyWebhookSignature('whsec_2', body, sig)).toBe(false);
    expect(verifyWebhookSignature('whsec_1', body.replace('0.125', '0.126'), sig)).toBe(false);
    expect(verifyWebhookSignature('whsec_1', JSON.stringify(JSON.parse(body), null, 1), sig)).toBe(false);
    for (const h of [
      undefined,
      null,
      '',
      'sha256=',
      'sha1=' + 'a'.repeat(40),
      sig.slice(0, -2),
      'sha256=' + 'z'.repeat(64),
    ]) {
      expect(verifyWebhookSignature('whsec_1', body, h)).toBe(false);
    }
  });
});
