/**
 * The offline gateway for development and tests. It speaks the PortOne V2 flow with a simulated
 * PortOne in memory: `checkout()` registers a payment, the simulator page (the browser step, served
 * by api/dev/dev-payments-routes.ts and reached through the stand-in browser SDK at `browserSdkUrl`)
 * moves it with `simulate()`, and `lookup()` reports it as PortOne would. Webhooks are Standard
 * Webhooks signed with DEV_WEBHOOK_SECRET and name a payment, never an outcome. Billing keys are
 * issued by the simulator's card page; charges of members in `failChargesFor` are declined, and
 * `unavailable` makes every call answer as an unreachable PortOne. State lives in this process.
 */
import { billingKeyRequest, checkoutRequest, isPaymentMethod } from './checkout.ts';
import { readSignedNotice } from './gateway-base.ts';
import type {
  BillingKeyResult,
  CancelInput,
  CancelResult,
  ChargeInput,
  ChargeResult,
  CheckoutInput,
  CheckoutResult,
  LookupResult,
  PaymentGateway,
  PaymentReport,
  WebhookReading,
} from './gateway.ts';

export const DEV_WEBHOOK_SECRET = `whsec_${Buffer.from('development-webhook-secret').toString('base64')}`;
export const DEV_STORE_ID = 'store-development';
export const DEV_CHANNEL_KEY = 'channel-key-development';
/** The stand-in for PortOne's browser SDK script (api/dev/dev-payment-window-routes.ts). */
export const DEV_BROWSER_SDK_URL = '/api/dev/portone/browser-sdk.js';

type SimStatus = 'READY' | 'VIRTUAL_ACCOUNT_ISSUED' | 'PAID' | 'FAILED' | 'CANCELLED';

interface SimPayment {
  amountWon: number;
  method: string;
  status: SimStatus;
  paidWon: number;
  note: string;
  customerId: string | null;
  issuedAt: number | null;
}

/**
 * What the simulator does: pay, issue a virtual account, deposit into it, fail, or cancel as PortOne's console would.
 */
export type SimulatorAction =
  | { kind: 'pay'; amountWon?: number }
  | { kind: 'issue' }
  | { kind: 'deposit'; amountWon?: number }
  | { kind: 'fail'; note?: string }
  | { kind: 'cancel' };

const FROM: Record<SimulatorAction['kind'], SimStatus[]> = {
  pay: ['READY'],
  issue: ['READY'],
  deposit: ['VIRTUAL_ACCOUNT_ISSUED'],
  fail: ['READY', 'VIRTUAL_ACCOUNT_ISSUED'],
  cancel: ['READY', 'VIRTUAL_ACCOUNT_ISSUED', 'PAID'],
};

const VIRTUAL_ACCOUNT_HOURS = 24;
const unavailable = {
  ok: false as const,
  code: 'gateway_unavailable' as const,
  note: 'the development gateway is set to be unreachable',
};

export class DevelopmentGateway implements PaymentGateway {
  readonly name = 'development' as const;
  readonly browserSdkUrl = DEV_BROWSER_SDK_URL;
  /** Members whose billing-key charges are declined. */
  readonly failChargesFor = new Set<number>();
  /** While true, every call answers as an unreachable PortOne (tests of retries). */
  unavailable = false;
  readonly charges: string[] = [];
  readonly #payments = new Map<string, SimPayment>();
  readonly #billingKeys = new Map<string, { memberId: number; deleted: boolean }>();

  async checkout(input: CheckoutInput): Promise<CheckoutResult> {
    if (this.unavailable) return unavailable;
    if (!isPaymentMethod(input.method))
      return { ok: false, code: 'gateway_refused', note: `no such payment method: ${input.method}` };
    if (!this.#payments.has(input.paymentId))
      this.#payments.set(input.paymentId, {
        amountWon: input.amountWon,
        method: input.method,
        status: 'READY',
        paidWon: 0,
        note: '',
        customerId: input.customerId ?? null,
        issuedAt: null,
      });
    const checkout = checkoutRequest({
      ...input,
      method: input.method,
      storeId: DEV_STORE_ID,
      channelKey: DEV_CHANNEL_KEY,
    });
    return { ok: true, providerTxId: `dev_${input.paymentId}`, status: 1, checkout };
  }

  /** The payment as the simulator page shows it: amount, method and where it stands; null when unknown. */
  simulated(
    paymentId: string,
  ): { amountWon: number; method: string; status: SimStatus; customerId: string | null } | null {
    const p = this.#payments.get(paymentId);
    return p ? { amountWon: p.amountWon, method: p.method, status: p.status, customerId: p.customerId } : null;
  }

  /** The browser step's result (or PortOne's console), as PortOne would leave the payment. */
  simulate(
    paymentId: string,
    action: SimulatorAction,
  ): { ok: true; report: PaymentReport } | { ok: false; reason: 'not_found' | 'not_open' } {
    const p = this.#payments.get(paymentId);
    if (!p) return { ok: false, reason: 'not_found' };
    if (!FROM[action.kind].includes(p.status) || (action.kind === 'issue' && p.method !== 'virtualaccount'))
      return { ok: false, reason: 'not_open' };
    if (action.kind === 'pay' || action.kind === 'deposit')
      Object.assign(p, { status: 'PAID', paidWon: action.amountWon ?? p.amountWon });
    else if (action.kind === 'issue') Object.assign(p, { status: 'VIRTUAL_ACCOUNT_ISSUED', issuedAt: Date.now() });
    else if (action.kind === 'fail')
      Object.assign(p, { status: 'FAILED', note: action.note ?? 'declined by the development gateway' });
    else p.status = 'CANCELLED';
    return { ok: true, report: reportOf(p) };
  }

  async lookup(paymentId: string): Promise<LookupResult> {
    if (this.unavailable) return unavailable;
    const p = this.#payments.get(paymentId);
    return { ok: true, report: p ? reportOf(p) : { status: 'not_found' } };
  }

  readWebhook(headers: Headers, rawBody: string): Promise<WebhookReading> {
    return readSignedNotice(DEV_WEBHOOK_SECRET, headers, rawBody);
  }

  async cancel({ paymentId, amountWon }: CancelInput): Promise<CancelResult> {
    if (this.unavailable) return unavailable;
    const p = this.#payments.get(paymentId);
    if (!p) return { ok: false, code: 'not_found', note: 'the development gateway has no such payment' };
    if (p.status === 'CANCELLED') return { ok: true, state: 'cancelled' };
    if (p.status === 'VIRTUAL_ACCOUNT_ISSUED') {
      p.status = 'CANCELLED';
      return { ok: true, state: 'closed' };
    }
    if (p.status !== 'PAID' || amountWon <= 0) return { ok: false, code: 'not_paid', note: 'nothing was paid' };
    p.status = 'CANCELLED';
    return { ok: true, state: 'cancelled' };
  }

  async chargeBillingKey({ paymentId, memberId, billingKey }: ChargeInput): Promise<ChargeResult> {
    if (this.unavailable) return unavailable;
    if (!billingKey) return { ok: false, code: 'billing_key_missing', note: 'no card is registered for renewals' };
    const key = this.#billingKeys.get(billingKey);
    if (!key || key.deleted || key.memberId !== memberId)
      return { ok: false, code: 'billing_key_invalid', note: 'unknown or deleted billing key' };
    if (this.failChargesFor.has(memberId))
      return { ok: false, code: 'declined', note: 'card declined (development gateway)' };
    // The payment id is the idempotency key, as at PortOne: charging it again is the same charge.
    if (!this.charges.includes(paymentId)) this.charges.push(paymentId);
    return { ok: true };
  }

  billingKeyRequest(memberId: number) {
    return billingKeyRequest(DEV_STORE_ID, DEV_CHANNEL_KEY, memberId);
  }

  /** The simulator's card registration: a billing key for the member. */
  issueBillingKey(memberId: number): string {
    const billingKey = `billing-key-dev-${memberId}-${this.#billingKeys.size + 1}`;
    this.#billingKeys.set(billingKey, { memberId, deleted: false });
    return billingKey;
  }

  async billingKey(billingKey: string): Promise<BillingKeyResult> {
    if (this.unavailable) return unavailable;
    const key = this.#billingKeys.get(billingKey);
    if (!key) return { ok: true, report: { status: 'not_found', billingKey } };
    return {
      ok: true,
      report: key.deleted
        ? { status: 'deleted', billingKey }
        : { status: 'issued', billingKey, customerId: String(key.memberId) },
    };
  }

  async deleteBillingKey(billingKey: string) {
    if (this.unavailable) return unavailable;
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
        account: {
          bank: 'SHINHAN',
          accountNumber: '56211234567890',
          holder: 'FLX',
          expiresAt: new Date((p.issuedAt ?? Date.now()) + VIRTUAL_ACCOUNT_HOURS * 3_600_000).toISOString(),
        },
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
