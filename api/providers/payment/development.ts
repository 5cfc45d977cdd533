/**
 * The offline gateway for development and tests. It speaks the PortOne V2 flow with a simulated
 * PortOne in memory: `checkout()` registers a payment, the simulator page (the browser step, at
 * `checkout.simulatorUrl`) moves it with `simulate()`, and `lookup()` reports it as PortOne would.
 * Webhooks are Standard Webhooks signed with DEV_WEBHOOK_SECRET; their bodies may state the outcome
 * (`data.amount`), which `verifyWebhook()` takes as the simulator's word. Renewal charges of members
 * in `failChargesFor` are declined. State lives in this process and ends with it.
 */
import { billingKeyRequest, checkoutRequest, isPaymentMethod } from './checkout.ts';
import { GatewayBase, noticeOf } from './gateway-base.ts';
import type {
  BillingKeyResult,
  CancelInput,
  CancelResult,
  ChargeInput,
  ChargeResult,
  CheckoutInput,
  CheckoutResult,
  GatewayOutcome,
  LookupResult,
  PaymentReport,
  PrepareResult,
  WebhookEvent,
  WebhookReading,
} from './gateway.ts';
import { verifyWebhookBody } from './webhook-signature.ts';

export const DEV_WEBHOOK_SECRET = `whsec_${Buffer.from('development-webhook-secret').toString('base64')}`;
export const DEV_STORE_ID = 'store-development';
export const DEV_CHANNEL_KEY = 'channel-key-development';

type SimStatus = 'READY' | 'VIRTUAL_ACCOUNT_ISSUED' | 'PAID' | 'FAILED' | 'CANCELLED';

interface SimPayment {
  amountWon: number;
  method: string;
  status: SimStatus;
  paidWon: number;
  note: string;
}

/** What the simulator page does: pay, issue a virtual account, deposit into it, fail, or close the window. */
export type SimulatorAction =
  { kind: 'pay'; amountWon?: number } | { kind: 'issue' } | { kind: 'deposit'; amountWon?: number } | { kind: 'fail'; note?: string } | { kind: 'cancel' };

const FROM: Record<SimulatorAction['kind'], SimStatus[]> = {
  pay: ['READY'],
  issue: ['READY'],
  deposit: ['VIRTUAL_ACCOUNT_ISSUED'],
  fail: ['READY', 'VIRTUAL_ACCOUNT_ISSUED'],
  cancel: ['READY', 'VIRTUAL_ACCOUNT_ISSUED'],
};

export class DevelopmentGateway extends GatewayBase {
  readonly name = 'development' as const;
  /** Members whose billing-key charges are declined. */
  readonly failChargesFor = new Set<number>();
  readonly charges: string[] = [];
  readonly #payments = new Map<string, SimPayment>();
  readonly #billingKeys = new Map<string, { memberId: number; deleted: boolean }>();

  async checkout(input: CheckoutInput): Promise<CheckoutResult> {
    if (!isPaymentMethod(input.method)) return { ok: false, code: 'gateway_refused', note: `no such payment method: ${input.method}` };
    if (!this.#payments.has(input.paymentId))
      this.#payments.set(input.paymentId, { amountWon: input.amountWon, method: input.method, status: 'READY', paidWon: 0, note: '' });
    const checkout = checkoutRequest({ ...input, method: input.method, storeId: DEV_STORE_ID, channelKey: DEV_CHANNEL_KEY });
    checkout.simulatorUrl = `/api/dev/payments/${encodeURIComponent(input.paymentId)}`;
    return { ok: true, providerTxId: `dev_${input.paymentId}`, status: 1, checkout };
  }

  /** As `checkout()`, except that a virtual account is issued at once (status 2), as the simulator's shop has always shown it. */
  override async prepare(input: CheckoutInput): Promise<PrepareResult> {
    const prepared = await super.prepare(input);
    if (input.method !== 'virtualaccount') return prepared;
    this.simulate(input.paymentId, { kind: 'issue' });
    return { ...prepared, status: 2 };
  }

  /** The browser step's result, as PortOne's window would leave the payment. */
  simulate(paymentId: string, action: SimulatorAction): { ok: true; report: PaymentReport } | { ok: false; reason: 'not_found' | 'not_open' } {
    const p = this.#payments.get(paymentId);
    if (!p) return { ok: false, reason: 'not_found' };
    if (!FROM[action.kind].includes(p.status) || (action.kind === 'issue' && p.method !== 'virtualaccount')) return { ok: false, reason: 'not_open' };
    if (action.kind === 'pay' || action.kind === 'deposit') Object.assign(p, { status: 'PAID', paidWon: action.amountWon ?? p.amountWon });
    else if (action.kind === 'issue') p.status = 'VIRTUAL_ACCOUNT_ISSUED';
    else if (action.kind === 'fail') Object.assign(p, { status: 'FAILED', note: action.note ?? 'declined by the development gateway' });
    else p.status = 'CANCELLED';
    return { ok: true, report: reportOf(p) };
  }

  async lookup(paymentId: string): Promise<LookupResult> {
    const p = this.#payments.get(paymentId);
    return { ok: true, report: p ? reportOf(p) : { status: 'not_found' } };
  }

  async readWebhook(headers: Headers, rawBody: string): Promise<WebhookReading> {
    const verified = await verifyWebhookBody(DEV_WEBHOOK_SECRET, headers, rawBody);
    if (!verified.ok) return verified;
    const notice = noticeOf(verified.webhookId, verified.body);
    return notice ? { ok: true, notice } : { ok: false, reason: 'malformed' };
  }

  override async verifyWebhook(headers: Headers, rawBody: string): Promise<WebhookEvent | null> {
    const reading = await this.readWebhook(headers, rawBody);
    if (!reading.ok) return null;
    const stated = parseWebhookBody(rawBody);
    return stated ?? super.verifyWebhook(headers, rawBody);
  }

  async cancel({ paymentId }: CancelInput): Promise<CancelResult> {
    const p = this.#payments.get(paymentId);
    if (!p) return { ok: false, code: 'not_found', note: 'the development gateway has no such payment' };
    if (p.status === 'READY' || p.status === 'FAILED') return { ok: false, code: 'not_paid', note: 'nothing was paid' };
    const state = p.status === 'VIRTUAL_ACCOUNT_ISSUED' ? 'closed' : 'cancelled';
    p.status = 'CANCELLED';
    return { ok: true, state };
  }

  /** Always gives the money back: payments approved through `/api/dev/payments/…` never passed through the simulator's memory. */
  override async refund(input: { paymentId: string; amountWon: number }): Promise<{ ok: boolean }> {
    await this.cancel({ ...input, reason: 'refund' });
    return { ok: true };
  }

  async chargeBillingKey({ paymentId, memberId, billingKey }: ChargeInput): Promise<ChargeResult> {
    if (billingKey !== undefined) {
      const key = this.#billingKeys.get(billingKey);
      if (!key || key.deleted || key.memberId !== memberId) return { ok: false, code: 'billing_key_invalid', note: 'unknown or deleted billing key' };
    }
    if (this.failChargesFor.has(memberId)) return { ok: false, code: 'declined', note: 'card declined (development gateway)' };
    this.charges.push(paymentId);
    return { ok: true };
  }

  billingKeyRequest(memberId: number) {
    const request = billingKeyRequest(DEV_STORE_ID, DEV_CHANNEL_KEY, memberId);
    request.simulatorUrl = `/api/dev/billing-keys/${encodeURIComponent(request.issueId)}`;
    return request;
  }

  /** The simulator's card registration: a billing key for the member. */
  issueBillingKey(memberId: number): string {
    const billingKey = `billing-key-dev-${memberId}-${this.#billingKeys.size + 1}`;
    this.#billingKeys.set(billingKey, { memberId, deleted: false });
    return billingKey;
  }

  async billingKey(billingKey: string): Promise<BillingKeyResult> {
    const key = this.#billingKeys.get(billingKey);
    if (!key) return { ok: true, report: { status: 'not_found', billingKey } };
    return { ok: true, report: key.deleted ? { status: 'deleted', billingKey } : { status: 'issued', billingKey, customerId: String(key.memberId) } };
  }

  async deleteBillingKey(billingKey: string) {
    const key = this.#billingKeys.get(billingKey);
    if (key) key.deleted = true;
    return { ok: true as const };
  }
}

function reportOf(p: SimPayment): PaymentReport {
  switch (p.status) {
    case 'READY':
      return { status: 'ready' };
    case 'VIRTUAL_ACCOUNT_ISSUED':
      return {
        status: 'virtual_account_issued',
        amountWon: p.amountWon,
        currency: 'KRW',
        account: { bank: 'SHINHAN', accountNumber: '56211234567890', holder: 'FLX', expiresAt: null },
      };
    case 'PAID':
      return {
        status: 'paid',
        amountWon: p.amountWon,
        paidWon: p.paidWon,
        discountWon: 0,
        currency: 'KRW',
        paidAt: new Date().toISOString(),
        methodType: p.method === 'virtualaccount' ? 'PaymentMethodVirtualAccount' : 'PaymentMethodCard',
        receiptUrl: null,
        billingKey: null,
      };
    case 'FAILED':
      return { status: 'failed', note: p.note };
    case 'CANCELLED':
      return { status: 'cancelled', amountWon: p.amountWon, cancelledWon: p.paidWon, partial: false };
  }
}

/**
 * A development body that states its outcome: `{ type: 'Transaction.Paid' | 'Transaction.VirtualAccountDeposited' |
 * 'Transaction.Failed' | 'Transaction.Cancelled', data: { paymentId, amount?, reason? } }`; null for any other body.
 */
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
