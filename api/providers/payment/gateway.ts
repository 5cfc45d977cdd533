/**
 * The payment gateway interface (PortOne V2 style). The API never trusts a browser about money: a
 * status change comes from the gateway, through a webhook whose signature is checked here, or from
 * the development simulator (api/http/dev/dev-payments.ts) that exists only outside production.
 */
export type GatewayOutcome =
  | { kind: 'approve'; amountWon: number }
  /** A virtual-account deposit: the wrong amount is a wrong deposit (status 6), not an approval. */
  | { kind: 'deposit'; amountWon: number }
  | { kind: 'fail'; note: string }
  | { kind: 'cancel' };

export interface WebhookEvent {
  paymentId: string;
  outcome: GatewayOutcome;
}

export interface PrepareResult {
  providerTxId: string;
  /** 1 request in progress, or 2 payment in progress (a virtual account was issued and awaits the deposit). */
  status: 1 | 2;
}

export interface PaymentGateway {
  readonly name: string;
  prepare(input: { paymentId: string; amountWon: number; method: string }): Promise<PrepareResult>;
  /** Null when the signature, timestamp or body is not acceptable. */
  verifyWebhook(headers: Headers, rawBody: string, nowMs: number): Promise<WebhookEvent | null>;
  /** Asks the gateway to refund an approved payment. */
  refund(input: { paymentId: string; amountWon: number }): Promise<{ ok: boolean }>;
  /** Charges a stored billing key (subscription renewals). The payment id is the gateway's idempotency key. */
  chargeBillingKey(input: { paymentId: string; memberId: number; amountWon: number }): Promise<{ ok: true } | { ok: false; note: string }>;
}
