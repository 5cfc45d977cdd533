/**
 * A local stand-in for PortOne V2, for tests and production smoke runs: the records and rules of
 * its REST API (pre-registration, payments, cancellation, virtual accounts, billing-key payments,
 * billing keys, identity verifications, with PortOne's error types and statuses), the browser step
 * that PortOne's window would do (`requestPayment`, `deposit`, `issueBillingKey`,
 * `setIdentityVerification`), and webhooks signed exactly as PortOne signs them (Standard Webhooks).
 * Webhooks of a browser step are delivered before it returns (tests read them at once); those of a
 * REST call are delivered after its answer, as PortOne's are (`idle()` waits for them): a caller
 * that holds its database while it waits for PortOne's answer must not wait for its own webhook.
 * Served over HTTP by ./portone-server.ts.
 */
import { randomUUID } from 'node:crypto';
import { webhookHeaders } from '../providers/payment/webhook-signature.ts';
import {
  paymentJson,
  type FakeBillingKey,
  type FakeIdentity,
  type FakePayment,
  type FakePaymentStatus,
} from './portone-fake-json.ts';

export interface FakePortOneOptions {
  apiSecret: string;
  storeId: string;
  /** Standard Webhooks secret (base64 after an optional `whsec_`), as PortOne's console issues it. */
  webhookSecret: string;
  /** Where webhooks go (the API's `/api/payments/webhook`); without one they are only recorded. */
  webhookUrl?: string | null;
}

export interface DeliveredWebhook {
  id: string;
  type: string;
  body: string;
  /** The receiver's HTTP status, or 0 when it could not be reached (or there is no receiver). */
  status: number;
}

/** The browser SDK's `requestPayment()` argument, as far as the stand-in reads it. */
export interface BrowserPaymentRequest {
  storeId: string;
  paymentId: string;
  channelKey?: string;
  orderName: string;
  totalAmount: number;
  currency: string;
  payMethod: string;
  customer?: { customerId?: string };
}

/** What the buyer does in the window: pay, get a virtual account, fail, or close it unpaid. */
export type WindowResult = 'paid' | 'virtual_account_issued' | 'failed' | 'closed';

export interface BrowserPaymentResponse {
  transactionType: 'PAYMENT';
  txId: string;
  paymentId: string;
  code?: string;
  message?: string;
}

export interface RestAnswer {
  status: number;
  body: unknown;
}

export const restError = (
  status: number,
  type: string,
  message: string,
  extra: Record<string, string> = {},
): RestAnswer => ({
  status,
  body: { type, message, ...extra },
});

const now = () => new Date().toISOString();

export class FakePortOne {
  readonly options: FakePortOneOptions;
  readonly payments = new Map<string, FakePayment>();
  readonly preRegistered = new Map<string, { totalAmount: number; currency: string }>();
  readonly billingKeys = new Map<string, FakeBillingKey>();
  readonly identityVerifications = new Map<string, FakeIdentity>();
  readonly webhooks: DeliveredWebhook[] = [];
  readonly #pending = new Set<Promise<void>>();
  #cancellationGate: { opened: Promise<void>; knock: () => void } | null = null;

  constructor(options: FakePortOneOptions) {
    this.options = { ...options };
  }

  /**
   * Holds every cancellation at PortOne's door until `release()` (a slow PG): `arrived` resolves when
   * the first one knocks. Tests use it to look at the caller while it waits for PortOne's answer.
   */
  holdCancellations(): { arrived: Promise<void>; release: () => void } {
    let release!: () => void;
    let knock!: () => void;
    const opened = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (knock = resolve));
    const gate = { opened, knock };
    this.#cancellationGate = gate;
    return {
      arrived,
      release: () => {
        if (this.#cancellationGate === gate) this.#cancellationGate = null;
        release();
      },
    };
  }

  /** Resolves when cancellations may go through (at once unless `holdCancellations()` holds them). */
  async cancellationsOpen(): Promise<void> {
    const gate = this.#cancellationGate;
    if (!gate) return;
    gate.knock();
    await gate.opened;
  }

  get webhookUrl(): string | null {
    return this.options.webhookUrl ?? null;
  }

  set webhookUrl(url: string | null) {
    this.options.webhookUrl = url;
  }

  /** PortOne's window for this request, and what the buyer does in it. Webhooks are delivered before it returns. */
  async requestPayment(
    request: BrowserPaymentRequest,
    result?: WindowResult,
    failure = 'declined by the card company',
  ): Promise<BrowserPaymentResponse> {
    const { paymentId } = request;
    const answer = (p: FakePayment, code?: string, message?: string): BrowserPaymentResponse => ({
      transactionType: 'PAYMENT',
      txId: p.transactionId,
      paymentId,
      ...(code ? { code, message } : {}),
    });
    if (request.storeId !== this.options.storeId)
      return { transactionType: 'PAYMENT', txId: '', paymentId, code: 'INVALID_REQUEST', message: 'unknown storeId' };
    const existing = this.payments.get(paymentId);
    if (existing && ['PAID', 'VIRTUAL_ACCOUNT_ISSUED', 'CANCELLED', 'PARTIAL_CANCELLED'].includes(existing.status))
      return answer(existing, 'ALREADY_PAID', 'this payment id is already used');
    const at = now();
    const p: FakePayment = {
      id: paymentId,
      transactionId: randomUUID(),
      storeId: request.storeId,
      channelKey: request.channelKey ?? 'channel-key-default',
      orderName: request.orderName,
      payMethod: request.payMethod,
      currency: request.currency,
      status: 'READY',
      total: request.totalAmount,
      paid: 0,
      cancelled: 0,
      customerId: request.customer?.customerId ?? null,
      billingKey: null,
      requestedAt: at,
      statusChangedAt: at,
      paidAt: null,
      failure: null,
      cancellations: [],
      account: null,
    };
    this.payments.set(paymentId, p);
    await this.send('Transaction.Ready', { paymentId, transactionId: p.transactionId });
    const registered = this.preRegistered.get(paymentId);
    if (registered && (registered.totalAmount !== request.totalAmount || registered.currency !== request.currency)) {
      await this.fail(p, 'the amount differs from the pre-registered amount');
      return answer(p, 'FAILURE_TYPE_PG', p.failure!.reason);
    }
    const outcome = result ?? (request.payMethod === 'VIRTUAL_ACCOUNT' ? 'virtual_account_issued' : 'paid');
    if (outcome === 'closed') return answer(p, 'FAILURE_TYPE_PG', 'the buyer closed the window');
    if (outcome === 'failed') {
      await this.fail(p, failure);
      return answer(p, 'FAILURE_TYPE_PG', failure);
    }
    if (outcome === 'virtual_account_issued') {
      const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
      p.account = {
        accountNumber: `5621${String(this.payments.size).padStart(10, '0')}`,
        expiredAt: expires,
        issuedAt: at,
      };
      this.move(p, 'VIRTUAL_ACCOUNT_ISSUED');
      await this.send('Transaction.VirtualAccountIssued', { paymentId, transactionId: p.transactionId });
      return answer(p);
    }
    await this.pay(p, p.total);
    return answer(p);
  }

  /** A deposit into an issued virtual account (of the expected amount unless told otherwise). */
  async deposit(paymentId: string, amount?: number): Promise<RestAnswer> {
    const p = this.payments.get(paymentId);
    if (!p) return restError(404, 'PAYMENT_NOT_FOUND', 'no such payment');
    if (p.status !== 'VIRTUAL_ACCOUNT_ISSUED')
      return restError(409, 'PAYMENT_NOT_WAITING_FOR_DEPOSIT', 'no virtual account is waiting for a deposit');
    await this.pay(p, amount ?? p.total);
    return { status: 200, body: paymentJson(p) };
  }

  /** A card registered in PortOne's billing-key window; `declines` makes every charge of it fail at the PG. */
  async issueBillingKey(customerId: string | null, declines: string | null = null): Promise<string> {
    const billingKey = `billing-key-${randomUUID()}`;
    this.billingKeys.set(billingKey, {
      billingKey,
      storeId: this.options.storeId,
      customerId,
      issuedAt: now(),
      deletedAt: null,
      declines,
    });
    await this.send('BillingKey.Issued', { billingKey });
    return billingKey;
  }

  setIdentityVerification(identity: FakeIdentity): void {
    this.identityVerifications.set(identity.id, identity);
  }

  /** `later`: the webhook follows the caller's answer (a REST call) instead of preceding it (a browser step). */
  async pay(p: FakePayment, amount: number, later = false): Promise<void> {
    p.paid = amount;
    p.paidAt = now();
    this.move(p, 'PAID');
    await this.notify('Transaction.Paid', { paymentId: p.id, transactionId: p.transactionId }, later);
  }

  async fail(p: FakePayment, reason: string, pgCode = 'F100', later = false): Promise<void> {
    p.failure = { at: now(), reason, pgCode, pgMessage: reason };
    this.move(p, 'FAILED');
    await this.notify('Transaction.Failed', { paymentId: p.id, transactionId: p.transactionId }, later);
  }

  async notify(type: string, data: Record<string, string>, later: boolean): Promise<void> {
    if (later) this.sendLater(type, data);
    else await this.send(type, data);
  }

  /**
   * Records a webhook now and delivers it after the current call has answered, as PortOne does for its API's changes.
   */
  sendLater(type: string, data: Record<string, string>): DeliveredWebhook {
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    const body = JSON.stringify({ type, timestamp: now(), data: { ...data, storeId: this.options.storeId } });
    const record: DeliveredWebhook = { id, type, body, status: 0 };
    this.webhooks.push(record);
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.deliver(id, type, body))
      .then((d) => void (record.status = d.status))
      .finally(() => this.#pending.delete(delivery));
    this.#pending.add(delivery);
    return record;
  }

  /** Resolves once every webhook sent later has been delivered (or failed to be). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  move(p: FakePayment, status: FakePaymentStatus): void {
    p.status = status;
    p.statusChangedAt = now();
  }

  /** Signs and posts a webhook as PortOne does (webhook version 2024-04-25), and records it. */
  async send(
    type: string,
    data: Record<string, string>,
    id = `msg_${randomUUID().replaceAll('-', '')}`,
  ): Promise<DeliveredWebhook> {
    const body = JSON.stringify({ type, timestamp: now(), data: { ...data, storeId: this.options.storeId } });
    const delivered = await this.deliver(id, type, body);
    this.webhooks.push(delivered);
    return delivered;
  }

  /** Delivers a recorded webhook again under the same `webhook-id` with a fresh timestamp, as PortOne's retries do. */
  async resend(webhookId: string): Promise<DeliveredWebhook | null> {
    const original = this.webhooks.find((w) => w.id === webhookId);
    if (!original) return null;
    const again = await this.deliver(original.id, original.type, original.body);
    this.webhooks.push(again);
    return again;
  }

  /** The headers PortOne would send with this body now (or at `timestampS`). */
  sign(id: string, body: string, timestampS = Math.floor(Date.now() / 1000)): Record<string, string> {
    return { 'content-type': 'application/json', ...webhookHeaders(this.options.webhookSecret, id, timestampS, body) };
  }

  async deliver(id: string, type: string, body: string): Promise<DeliveredWebhook> {
    const url = this.options.webhookUrl;
    if (!url) return { id, type, body, status: 0 };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: this.sign(id, body),
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      return { id, type, body, status: res.status };
    } catch {
      return { id, type, body, status: 0 };
    }
  }
}
