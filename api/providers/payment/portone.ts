/**
 * The production gateway: PortOne V2 through the official `@portone/server-sdk` (docs/LEDGER.md
 * "PortOne V2 flow"). Configured by PAYMENT_GATEWAY=portone and PORTONE_* (./settings.ts).
 */
import type { PortOneClient } from '@portone/server-sdk';
import { callPortOne, describeFailure, portOneClient, type PortOneFailure } from '../portone/client.ts';
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
  GatewayFailure,
  LookupResult,
  PaymentGateway,
  WebhookReading,
} from './gateway.ts';
import { billingKeyReport, paymentReport } from './portone-report.ts';
import type { PortOnePaymentSettings } from './settings.ts';

/** Unreachable, or refusing our credentials (a deployment problem), versus refusing this request. */
const failureCode = (failure: PortOneFailure): GatewayFailure =>
  failure.kind === 'unavailable' || ['UNAUTHORIZED', 'FORBIDDEN'].includes(failure.type)
    ? 'gateway_unavailable'
    : 'gateway_refused';

const restType = (failure: PortOneFailure) => (failure.kind === 'rest' ? failure.type : null);

export class PortOneGateway implements PaymentGateway {
  readonly name = 'portone' as const;
  readonly browserSdkUrl = null;
  readonly #settings: PortOnePaymentSettings;
  readonly #client: PortOneClient;

  constructor(settings: PortOnePaymentSettings) {
    this.#settings = settings;
    this.#client = portOneClient(settings);
  }

  async checkout(input: CheckoutInput): Promise<CheckoutResult> {
    if (!isPaymentMethod(input.method))
      return { ok: false, code: 'gateway_refused', note: `no such payment method: ${input.method}` };
    const { storeId, channelKey, channelKeys } = this.#settings;
    const registered = await callPortOne(() =>
      this.#client.payment.preRegisterPayment({
        paymentId: input.paymentId,
        totalAmount: input.amountWon,
        currency: 'KRW',
      }),
    );
    if (!registered.ok)
      return { ok: false, code: failureCode(registered.failure), note: describeFailure(registered.failure) };
    const checkout = checkoutRequest({
      ...input,
      method: input.method,
      storeId,
      channelKey: channelKeys[input.method] ?? channelKey,
    });
    return { ok: true, providerTxId: input.paymentId, status: 1, checkout };
  }

  async lookup(paymentId: string): Promise<LookupResult> {
    const got = await callPortOne(() =>
      this.#client.payment.getPayment({ paymentId, storeId: this.#settings.storeId }),
    );
    if (!got.ok) {
      if (restType(got.failure) === 'PAYMENT_NOT_FOUND') return { ok: true, report: { status: 'not_found' } };
      return { ok: false, code: failureCode(got.failure), note: describeFailure(got.failure) };
    }
    const payment = got.value as { id?: unknown; storeId?: unknown };
    // Another store's or another id's payment is not ours to act on.
    if (payment.id !== paymentId || payment.storeId !== this.#settings.storeId)
      return { ok: true, report: { status: 'not_found' } };
    return { ok: true, report: paymentReport(got.value) };
  }

  readWebhook(headers: Headers, rawBody: string): Promise<WebhookReading> {
    return readSignedNotice(this.#settings.webhookSecret, headers, rawBody);
  }

  async cancel({ paymentId, amountWon, reason, requester }: CancelInput): Promise<CancelResult> {
    // Nothing was paid (a virtual account issued for another amount): close the account.
    if (amountWon <= 0) return this.#closeVirtualAccount(paymentId);
    const cancelled = await callPortOne(() =>
      this.#client.payment.cancelPayment({
        paymentId,
        amount: amountWon,
        currentCancellableAmount: amountWon,
        reason,
        requester,
      }),
    );
    if (cancelled.ok) {
      const status = cancelled.value.cancellation.status;
      if (status === 'SUCCEEDED') return { ok: true, state: 'cancelled' };
      if (status === 'REQUESTED') return { ok: true, state: 'requested' };
      return { ok: false, code: 'gateway_refused', note: 'the PG refused the cancellation' };
    }
    switch (restType(cancelled.failure)) {
      case 'PAYMENT_ALREADY_CANCELLED':
        return { ok: true, state: 'cancelled' };
      case 'PAYMENT_NOT_FOUND':
        return { ok: false, code: 'not_found', note: describeFailure(cancelled.failure) };
      case 'PAYMENT_NOT_PAID':
        return this.#closeVirtualAccount(paymentId);
      default:
        return { ok: false, code: failureCode(cancelled.failure), note: describeFailure(cancelled.failure) };
    }
  }

  /** An issued, unpaid virtual account is closed rather than cancelled, so that no deposit can arrive. */
  async #closeVirtualAccount(paymentId: string): Promise<CancelResult> {
    const closed = await callPortOne(() =>
      this.#client.payment.closeVirtualAccount({ paymentId, storeId: this.#settings.storeId }),
    );
    if (closed.ok) return { ok: true, state: 'closed' };
    if (restType(closed.failure) === 'PAYMENT_NOT_WAITING_FOR_DEPOSIT')
      return { ok: false, code: 'not_paid', note: 'nothing was paid and no virtual account is open' };
    return { ok: false, code: failureCode(closed.failure), note: describeFailure(closed.failure) };
  }

  async chargeBillingKey({
    paymentId,
    amountWon,
    memberId,
    billingKey,
    orderName,
  }: ChargeInput): Promise<ChargeResult> {
    if (!billingKey) return { ok: false, code: 'billing_key_missing', note: 'no card is registered for renewals' };
    const paid = await callPortOne(() =>
      this.#client.payment.payWithBillingKey({
        paymentId,
        billingKey,
        orderName: orderName ?? paymentId,
        customer: { id: String(memberId) },
        amount: { total: amountWon },
        currency: 'KRW',
      }),
    );
    if (paid.ok) return { ok: true };
    const note = describeFailure(paid.failure);
    switch (restType(paid.failure)) {
      // The payment id is the idempotency key: this period was charged by an earlier attempt.
      case 'ALREADY_PAID':
        return { ok: true };
      case 'PG_PROVIDER':
        return {
          ok: false,
          code: 'declined',
          note: paid.failure.kind === 'rest' && paid.failure.pgMessage ? paid.failure.pgMessage.slice(0, 200) : note,
        };
      case 'BILLING_KEY_NOT_FOUND':
      case 'BILLING_KEY_ALREADY_DELETED':
        return { ok: false, code: 'billing_key_invalid', note };
      default:
        return { ok: false, code: failureCode(paid.failure), note };
    }
  }

  billingKeyRequest(memberId: number) {
    const { storeId, channelKey, channelKeys } = this.#settings;
    return billingKeyRequest(storeId, channelKeys.CARD ?? channelKey, memberId);
  }

  async billingKey(billingKey: string): Promise<BillingKeyResult> {
    const got = await callPortOne(() =>
      this.#client.payment.billingKey.getBillingKeyInfo({ billingKey, storeId: this.#settings.storeId }),
    );
    if (got.ok) return { ok: true, report: billingKeyReport(got.value) };
    if (restType(got.failure) === 'BILLING_KEY_NOT_FOUND')
      return { ok: true, report: { status: 'not_found', billingKey } };
    return { ok: false, code: failureCode(got.failure), note: describeFailure(got.failure) };
  }

  async deleteBillingKey(billingKey: string) {
    const deleted = await callPortOne(() =>
      this.#client.payment.billingKey.deleteBillingKey({
        billingKey,
        storeId: this.#settings.storeId,
        reason: 'subscription ended',
      }),
    );
    if (
      deleted.ok ||
      ['BILLING_KEY_ALREADY_DELETED', 'BILLING_KEY_NOT_FOUND'].includes(restType(deleted.failure) ?? '')
    )
      return { ok: true as const };
    return { ok: false as const, code: failureCode(deleted.failure), note: describeFailure(deleted.failure) };
  }
}
