/**
 * The offline gateway for development and tests: every call succeeds at once, webhooks are signed
 * with a development secret, and renewal charges can be told to fail (`failChargesFor`).
 */
import type { GatewayOutcome, PaymentGateway, WebhookEvent } from './gateway.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

export const DEV_WEBHOOK_SECRET = 'development-webhook-secret';

export class DevelopmentGateway implements PaymentGateway {
  readonly name = 'development';
  /** Members whose billing-key charges are declined. */
  readonly failChargesFor = new Set<number>();
  readonly charges: string[] = [];

  async prepare({ paymentId, method }: { paymentId: string; amountWon: number; method: string }) {
    return { providerTxId: `dev_${paymentId}`, status: method === 'virtualaccount' ? (2 as const) : (1 as const) };
  }

  async verifyWebhook(headers: Headers, rawBody: string, nowMs: number): Promise<WebhookEvent | null> {
    if (!verifyWebhookSignature(DEV_WEBHOOK_SECRET, headers, rawBody, nowMs)) return null;
    return parseWebhookBody(rawBody);
  }

  async refund() {
    return { ok: true };
  }

  async chargeBillingKey({ paymentId, memberId }: { paymentId: string; memberId: number; amountWon: number }) {
    if (this.failChargesFor.has(memberId)) return { ok: false as const, note: 'card declined (development gateway)' };
    this.charges.push(paymentId);
    return { ok: true as const };
  }
}

/** Webhook body: `{ type: 'Transaction.Paid' | 'Transaction.VirtualAccountDeposited' | 'Transaction.Failed' | 'Transaction.Cancelled', data: { paymentId, amount?, reason? } }`. */
export function parseWebhookBody(rawBody: string): WebhookEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const { type, data } = body as { type?: unknown; data?: { paymentId?: unknown; amount?: unknown; reason?: unknown } };
  if (!data || typeof data.paymentId !== 'string' || data.paymentId.length > 64) return null;
  const amount = typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? data.amount : null;
  let outcome: GatewayOutcome;
  if (type === 'Transaction.Paid' && amount !== null) outcome = { kind: 'approve', amountWon: amount };
  else if (type === 'Transaction.VirtualAccountDeposited' && amount !== null) outcome = { kind: 'deposit', amountWon: amount };
  else if (type === 'Transaction.Failed') outcome = { kind: 'fail', note: typeof data.reason === 'string' ? data.reason.slice(0, 200) : 'payment failed' };
  else if (type === 'Transaction.Cancelled') outcome = { kind: 'cancel' };
  else return null;
  return { paymentId: data.paymentId, outcome };
}
