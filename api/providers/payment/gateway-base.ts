/** What every gateway shares: the reading of a webhook signed with Standard Webhooks into a notice. */
import type { WebhookNotice, WebhookReading } from './gateway.ts';
import { verifyWebhookBody } from './webhook-signature.ts';

const ID_MAX = 200;

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= ID_MAX ? v : null);

/**
 * A verified body read as a notice (`{ type, timestamp, data: { paymentId?, billingKey?, … } }`); null when it is not
 * one.
 */
export function noticeOf(webhookId: string, body: unknown): WebhookNotice | null {
  if (!body || typeof body !== 'object') return null;
  const { type, timestamp, data } = body as { type?: unknown; timestamp?: unknown; data?: unknown };
  if (typeof type !== 'string' || type.length > ID_MAX) return null;
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    webhookId: webhookId.slice(0, ID_MAX),
    type,
    timestamp: text(timestamp),
    paymentId: text(d.paymentId),
    billingKey: text(d.billingKey),
    cancellationId: text(d.cancellationId),
    storeId: text(d.storeId),
  };
}

/** Checks the signature with `secret` (the SDK's `Webhook.verify`) and reads the notice. */
export async function readSignedNotice(secret: string, headers: Headers, rawBody: string): Promise<WebhookReading> {
  const verified = await verifyWebhookBody(secret, headers, rawBody);
  if (!verified.ok) return verified;
  const notice = noticeOf(verified.webhookId, verified.body);
  return notice ? { ok: true, notice } : { ok: false, reason: 'malformed' };
}
