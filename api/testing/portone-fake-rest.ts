/**
 * The REST operations of the PortOne stand-in, with PortOne V2's statuses and error types:
 * 400 INVALID_REQUEST, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 …_NOT_FOUND, 409 conflicts
 * (ALREADY_PAID, PAYMENT_NOT_PAID, PAYMENT_ALREADY_CANCELLED, CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN,
 * CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT, PAYMENT_NOT_WAITING_FOR_DEPOSIT, BILLING_KEY_ALREADY_DELETED),
 * 502 PG_PROVIDER (with the PG's code and message).
 */
import { randomUUID } from 'node:crypto';
import { billingKeyJson, cancellationJson, identityJson, paymentJson, type FakePayment } from './portone-fake-json.ts';
import { restError, type FakePortOne, type RestAnswer } from './portone-fake.ts';

const ok = (body: unknown): RestAnswer => ({ status: 200, body });
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function preRegister(fake: FakePortOne, paymentId: string, body: Record<string, unknown>): RestAnswer {
  if (!isAmount(body.totalAmount) || !isText(body.currency))
    return restError(400, 'INVALID_REQUEST', 'totalAmount and currency are required');
  const p = fake.payments.get(paymentId);
  if (p && p.status === 'PAID') return restError(409, 'ALREADY_PAID', 'the payment is already paid');
  fake.preRegistered.set(paymentId, { totalAmount: body.totalAmount, currency: body.currency });
  return ok({});
}

export function getPayment(fake: FakePortOne, paymentId: string): RestAnswer {
  const p = fake.payments.get(paymentId);
  return p ? ok(paymentJson(p)) : restError(404, 'PAYMENT_NOT_FOUND', 'no such payment');
}

export async function cancel(fake: FakePortOne, paymentId: string, body: Record<string, unknown>): Promise<RestAnswer> {
  await fake.cancellationsOpen();
  if (!isText(body.reason)) return restError(400, 'INVALID_REQUEST', 'reason is required');
  if (body.amount !== undefined && !isAmount(body.amount))
    return restError(400, 'INVALID_REQUEST', 'amount must be a positive integer');
  const p = fake.payments.get(paymentId);
  if (!p) return restError(404, 'PAYMENT_NOT_FOUND', 'no such payment');
  if (p.status === 'CANCELLED') return restError(409, 'PAYMENT_ALREADY_CANCELLED', 'the payment is already cancelled');
  if (p.status !== 'PAID' && p.status !== 'PARTIAL_CANCELLED')
    return restError(409, 'PAYMENT_NOT_PAID', 'the payment is not paid');
  const cancellable = p.paid - p.cancelled;
  if (body.currentCancellableAmount !== undefined && body.currentCancellableAmount !== cancellable)
    return restError(409, 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', `the cancellable amount is ${cancellable}`);
  const amount = (body.amount as number | undefined) ?? cancellable;
  if (amount > cancellable)
    return restError(409, 'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT', `at most ${cancellable} can be cancelled`);
  const cancellation = {
    id: randomUUID(),
    totalAmount: amount,
    reason: body.reason,
    requestedAt: new Date().toISOString(),
  };
  p.cancellations.push(cancellation);
  p.cancelled += amount;
  const whole = p.cancelled === p.paid;
  fake.move(p, whole ? 'CANCELLED' : 'PARTIAL_CANCELLED');
  fake.sendLater(whole ? 'Transaction.Cancelled' : 'Transaction.PartialCancelled', {
    paymentId,
    transactionId: p.transactionId,
    cancellationId: cancellation.id,
  });
  return ok({ cancellation: cancellationJson(p, cancellation) });
}

export async function closeVirtualAccount(fake: FakePortOne, paymentId: string): Promise<RestAnswer> {
  const p = fake.payments.get(paymentId);
  if (!p) return restError(404, 'PAYMENT_NOT_FOUND', 'no such payment');
  if (p.status !== 'VIRTUAL_ACCOUNT_ISSUED')
    return restError(409, 'PAYMENT_NOT_WAITING_FOR_DEPOSIT', 'no virtual account is waiting for a deposit');
  fake.move(p, 'CANCELLED');
  fake.sendLater('Transaction.Cancelled', { paymentId, transactionId: p.transactionId });
  return ok({ closedAt: p.statusChangedAt });
}

export async function payWithBillingKey(
  fake: FakePortOne,
  paymentId: string,
  body: Record<string, unknown>,
): Promise<RestAnswer> {
  const amount = (body.amount as { total?: unknown } | undefined)?.total;
  if (!isText(body.billingKey) || !isText(body.orderName) || !isAmount(amount) || !isText(body.currency))
    return restError(400, 'INVALID_REQUEST', 'billingKey, orderName, amount.total and currency are required');
  const key = fake.billingKeys.get(body.billingKey);
  if (!key || key.storeId !== fake.options.storeId)
    return restError(404, 'BILLING_KEY_NOT_FOUND', 'no such billing key');
  if (key.deletedAt) return restError(409, 'BILLING_KEY_ALREADY_DELETED', 'the billing key was deleted');
  const existing = fake.payments.get(paymentId);
  if (existing?.status === 'PAID') return restError(409, 'ALREADY_PAID', 'the payment is already paid');
  const at = new Date().toISOString();
  const customer = body.customer as { id?: unknown } | undefined;
  const p: FakePayment = {
    id: paymentId,
    transactionId: randomUUID(),
    storeId: fake.options.storeId,
    channelKey: isText(body.channelKey) ? body.channelKey : 'channel-key-billing',
    orderName: body.orderName,
    payMethod: 'CARD',
    currency: body.currency,
    status: 'READY',
    total: amount,
    paid: 0,
    cancelled: 0,
    customerId: isText(customer?.id) ? customer.id : key.customerId,
    billingKey: key.billingKey,
    requestedAt: at,
    statusChangedAt: at,
    paidAt: null,
    failure: null,
    cancellations: [],
    account: null,
  };
  fake.payments.set(paymentId, p);
  if (key.declines) {
    await fake.fail(p, key.declines, '3011', true);
    return restError(502, 'PG_PROVIDER', 'the PG refused the payment', { pgCode: '3011', pgMessage: key.declines });
  }
  await fake.pay(p, amount, true);
  return ok({ payment: { pgTxId: `pg-${p.transactionId}`, paidAt: p.paidAt } });
}

export function getBillingKey(fake: FakePortOne, billingKey: string): RestAnswer {
  const key = fake.billingKeys.get(billingKey);
  return key ? ok(billingKeyJson(key)) : restError(404, 'BILLING_KEY_NOT_FOUND', 'no such billing key');
}

export async function deleteBillingKey(fake: FakePortOne, billingKey: string): Promise<RestAnswer> {
  const key = fake.billingKeys.get(billingKey);
  if (!key) return restError(404, 'BILLING_KEY_NOT_FOUND', 'no such billing key');
  if (key.deletedAt) return restError(409, 'BILLING_KEY_ALREADY_DELETED', 'the billing key was deleted');
  key.deletedAt = new Date().toISOString();
  fake.sendLater('BillingKey.Deleted', { billingKey });
  return ok({ deletedAt: key.deletedAt });
}

export function getIdentityVerification(fake: FakePortOne, id: string): RestAnswer {
  const iv = fake.identityVerifications.get(id);
  return iv ? ok(identityJson(iv)) : restError(404, 'IDENTITY_VERIFICATION_NOT_FOUND', 'no such identity verification');
}
