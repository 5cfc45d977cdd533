/**
 * Standard Webhooks signatures, the scheme PortOne V2 uses: `webhook-id`, `webhook-timestamp`
 * and `webhook-signature: v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>` (space-separated
 * list). Timestamps older or newer than the tolerance are refused against replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_TOLERANCE_S = 300;

export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

export function verifyWebhookSignature(secret: string, headers: Headers, body: string, nowMs: number): boolean {
  const id = headers.get('webhook-id');
  const ts = headers.get('webhook-timestamp');
  const sigs = headers.get('webhook-signature');
  if (!id || !ts || !sigs || !/^\d{1,12}$/.test(ts)) return false;
  if (Math.abs(nowMs / 1000 - Number(ts)) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(ts), body));
  return sigs.split(' ').some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
