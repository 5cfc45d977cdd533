/**
 * What every gateway derives from its primitives (`checkout`, `lookup`, `readWebhook`, `cancel`):
 * `prepare`, `refund` and `verifyWebhook`, and the reading of a verified webhook body.
 */
import {
  GatewayError,
  type BillingKeyRequest,
  type BillingKeyResult,
  type CancelInput,
  type CancelResult,
  type ChargeInput,
  type ChargeResult,
  type CheckoutInput,
  type CheckoutResult,
  type GatewayFailure,
  type LookupResult,
  type PaymentGateway,
  type PrepareResult,
  type WebhookEvent,
  type WebhookNotice,
  type WebhookReading,
} from './gateway.ts';
import { outcomeOf } from './verdict.ts';

const ID_MAX = 200;

export abstract class GatewayBase implements PaymentGateway {
  abstract readonly name: 'development' | 'portone';
  abstract checkout(input: CheckoutInput): Promise<CheckoutResult>;
  abstract lookup(paymentId: string): Promise<LookupResult>;
  abstract readWebhook(headers: Headers, rawBody: string): Promise<WebhookReading>;
  abstract cancel(input: CancelInput): Promise<CancelResult>;
  abstract chargeBillingKey(input: ChargeInput): Promise<ChargeResult>;
  abstract billingKeyRequest(memberId: number): BillingKeyRequest;
  abstract billingKey(billingKey: string): Promise<BillingKeyResult>;
  abstract deleteBillingKey(billingKey: string): Promise<{ ok: true } | { ok: false; code: GatewayFailure; note: string }>;

  async prepare(input: CheckoutInput): Promise<PrepareResult> {
    const result = await this.checkout(input);
    if (!result.ok) throw new GatewayError(result.code, result.note);
    return { providerTxId: result.providerTxId, status: result.status, checkout: result.checkout };
  }

  async refund({ paymentId, amountWon }: { paymentId: string; amountWon: number }): Promise<{ ok: boolean }> {
    const result = await this.cancel({ paymentId, amountWon, reason: 'cancelled by the buyer', requester: 'CUSTOMER' });
    return { ok: result.ok };
  }

  async verifyWebhook(headers: Headers, rawBody: string): Promise<WebhookEvent | null> {
    const reading = await this.readWebhook(headers, rawBody);
    if (!reading.ok || !reading.notice.paymentId) return null;
    const looked = await this.lookup(reading.notice.paymentId);
    // Unreachable gateway: fail the delivery so that PortOne sends it again later.
    if (!looked.ok) throw new GatewayError(looked.code, looked.note);
    const outcome = outcomeOf(looked.report);
    return outcome ? { paymentId: reading.notice.paymentId, outcome } : null;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= ID_MAX ? v : null);

/** A verified body read as a notice (`{ type, timestamp, data: { paymentId?, billingKey?, … } }`); null when it is not one. */
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
