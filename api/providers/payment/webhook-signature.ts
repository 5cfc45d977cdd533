/**
 * Standard Webhooks, the scheme PortOne V2 signs with: headers `webhook-id`, `webhook-timestamp`
 * (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`
 * (a space-separated list), where the key is the secret's base64 after an optional `whsec_` prefix.
 * Verification is the official SDK's `Webhook.verify` (timestamps more than 5 minutes off are refused);
 * `signWebhook` is for the development simulator and the local PortOne stand-in (api/testing).
 */
import { createHmac } from 'node:crypto';
import { Webhook } from '@portone/server-sdk';
import type { WebhookRefusal } from './gateway.ts';

/** The HMAC key of a Standard Webhooks secret. */
export function webhookKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  return `v1,${createHmac('sha256', webhookKey(secret)).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

/** The three headers of a signed delivery. */
export function webhookHeaders(secret: string, id: string, timestampS: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signWebhook(secret, id, timestampS, body),
  };
}

export type VerifiedBody = { ok: true; webhookId: string; body: unknown } | { ok: false; reason: WebhookRefusal };

export async function verifyWebhookBody(secret: string, headers: Headers, rawBody: string): Promise<VerifiedBody> {
  const plain: Record<string, string> = {};
  headers.forEach((value, name) => (plain[name] = value));
  try {
    const body: unknown = await Webhook.verify(secret, rawBody, plain);
    return { ok: true, webhookId: plain['webhook-id']!, body };
  } catch (error) {
    if (error instanceof Webhook.WebhookVerificationError) {
      if (error.reason === 'MISSING_REQUIRED_HEADERS') return { ok: false, reason: 'missing_headers' };
      if (error.reason === 'TIMESTAMP_TOO_OLD' || error.reason === 'TIMESTAMP_TOO_NEW')
        return { ok: false, reason: 'stale' };
      return { ok: false, reason: 'bad_signature' };
    }
    // A signed body that is not JSON (the SDK parses it after checking the signature).
    if (error instanceof SyntaxError) return { ok: false, reason: 'malformed' };
    throw error;
  }
}
