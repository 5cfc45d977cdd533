/**
 * How a payment's status moves (SPEC §4 leaves it open; docs/LEDGER.md draws it):
 *   0 waiting → 1 request in progress → 2 payment in progress → 9 approved (luv credited, once)
 *   0/1/2 → 6 wrong deposit (virtual account, amount ≠ price) | 7 cancelled | 8 approval error
 *   9 → 7 cancelled (refund: the credited luv goes back, if the viewer still holds it)
 * 6, 7 and 8 are final and never credit. A repeated outcome is answered, never applied twice:
 * the payment row is locked, so three webhook deliveries at once still credit once.
 * Every function returns a result code; the routes choose statuses and texts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccounts, paymentEvents, payments } from '../db/schema/index.ts';
import type { GatewayOutcome, PaymentGateway } from '../providers/payment/gateway.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from './accounts.ts';
import { checkBuyCap, type CapRefusal } from './caps.ts';
import { postTransfers, type Executor } from './transfer.ts';

export type PaymentRow = typeof payments.$inferSelect;

const OPEN = new Set([0, 1, 2]);

export function paymentView(p: PaymentRow) {
  return {
    paymentId: p.id,
    status: p.status,
    productId: p.productId,
    method: p.method,
    luv: p.luv,
    amountWon: p.amountWon,
    failureNote: p.failureNote,
    createdAt: p.createdAt.toISOString(),
    approvedAt: p.approvedAt?.toISOString() ?? null,
    cancelledAt: p.cancelledAt?.toISOString() ?? null,
  };
}
export type PaymentView = ReturnType<typeof paymentView>;

export type StartResult = { ok: true; paymentId: string; status: 1 | 2; luv: number; amountWon: number; gateway: string } | CapRefusal;

/**
 * Opens a payment of `product` for the member and asks the gateway to prepare it, inside the
 * caller's transaction. The member's wallet row is locked first, so the buying cap counts one
 * member's purchases one after the other.
 */
export async function startPayment(
  tx: Executor,
  gateway: PaymentGateway,
  input: { memberId: number; wallet: number; product: { id: number; luv: number; priceWon: number }; method: string },
): Promise<StartResult> {
  const { memberId, product, method } = input;
  await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, input.wallet)).for('update');
  const paymentId = `P${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
  await tx.insert(payments).values({ id: paymentId, memberId, productId: product.id, method, luv: product.luv, amountWon: product.priceWon, status: 0 });
  const cap = await checkBuyCap(tx, memberId, new Date());
  if (!cap.ok) return cap;
  // PortOne pre-registration is idempotent by paymentId, so calling it inside the transaction is safe to retry.
  const prepared = await gateway.prepare({ paymentId, amountWon: product.priceWon, method });
  await tx.update(payments).set({ status: prepared.status, providerTxId: prepared.providerTxId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
  await tx.insert(paymentEvents).values({ paymentId, fromStatus: 0, toStatus: prepared.status, source: gateway.name, detail: { kind: 'prepare' } });
  return { ok: true, paymentId, status: prepared.status, luv: product.luv, amountWon: product.priceWon, gateway: gateway.name };
}

export type OutcomeResult =
  | { ok: true; payment: PaymentView }
  | { ok: false; code: 'payment_not_found' }
  /** 6, 7 or 8 already (or 9 asked to fail): nothing changes. */
  | { ok: false; code: 'payment_final'; payment: PaymentView }
  /** A refund of luv the member no longer holds. */
  | { ok: false; code: 'luv_already_spent' }
  | { ok: false; code: 'not_virtual_account' };

/** Applies a gateway outcome to a payment; the result carries the payment after the change. */
export async function applyOutcome(db: Db, paymentId: string, outcome: GatewayOutcome, source: string): Promise<OutcomeResult> {
  const [head] = await db.select({ memberId: payments.memberId }).from(payments).where(eq(payments.id, paymentId));
  if (!head) return { ok: false, code: 'payment_not_found' };
  const wallet = await accountId(db, AccountKind.wallet, head.memberId, LUV);
  const clearing = await accountId(db, AccountKind.paymentClearing, SYSTEM, LUV);
  return db.transaction(async (tx): Promise<OutcomeResult> => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p) return { ok: false, code: 'payment_not_found' };
    const now = new Date();
    const move = async (to: number, extra: Partial<PaymentRow> = {}): Promise<OutcomeResult> => {
      const [after] = await tx
        .update(payments)
        .set({ status: to, updatedAt: now, ...extra })
        .where(eq(payments.id, p.id))
        .returning();
      await tx.insert(paymentEvents).values({ paymentId: p.id, fromStatus: p.status, toStatus: to, source, detail: outcome });
      return { ok: true, payment: paymentView(after!) };
    };
    const unchanged: OutcomeResult = { ok: true, payment: paymentView(p) };
    const final: OutcomeResult = { ok: false, code: 'payment_final', payment: paymentView(p) };

    if (outcome.kind === 'cancel') {
      if (p.status === 7) return unchanged;
      if (OPEN.has(p.status)) return move(7, { cancelledAt: now });
      if (p.status !== 9 || p.purpose !== 'luv') return final;
      const posted = await postTransfers(tx, [
        {
          debit: wallet,
          credit: clearing,
          amount: p.luv,
          asset: LUV,
          code: TransferCode.purchaseRefund,
          ref: `payment:${p.id}`,
          reversesId: p.creditTransferId,
        },
      ]);
      if (!posted.ok) return { ok: false, code: 'luv_already_spent' };
      return move(7, { cancelledAt: now, refundTransferId: posted.transferIds[0]! });
    }
    if (p.status === 9 && (outcome.kind === 'approve' || outcome.kind === 'deposit')) return unchanged;
    if (!OPEN.has(p.status)) return final;
    if (outcome.kind === 'fail') return move(8, { failureNote: outcome.note });
    if (outcome.kind === 'deposit' && p.method !== 'virtualaccount') return { ok: false, code: 'not_virtual_account' };
    if (outcome.amountWon !== p.amountWon) {
      const note = `paid ${outcome.amountWon} won, expected ${p.amountWon} won`;
      return move(outcome.kind === 'deposit' ? 6 : 8, { failureNote: note });
    }
    if (p.purpose !== 'luv') return move(9, { approvedAt: now });
    const posted = await postTransfers(tx, [
      { debit: clearing, credit: wallet, amount: p.luv, asset: LUV, code: TransferCode.purchase, ref: `payment:${p.id}` },
    ]);
    if (!posted.ok) throw new Error('ledger: the clearing account cannot run out');
    return move(9, { approvedAt: now, creditTransferId: posted.transferIds[0]! });
  });
}

/**
 * The member cancels their own payment: an open one closes; an approved one is refunded through
 * the gateway first, then its luv goes back (refused while the luv is spent).
 */
export async function cancelByMember(
  db: Db,
  gateway: PaymentGateway,
  memberId: number,
  paymentId: string,
): Promise<OutcomeResult | { ok: false; code: 'refund_refused' }> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.memberId, memberId)));
  if (!p) return { ok: false, code: 'payment_not_found' };
  if (p.status === 9 && !(await gateway.refund({ paymentId, amountWon: p.amountWon })).ok) return { ok: false, code: 'refund_refused' };
  return applyOutcome(db, paymentId, { kind: 'cancel' }, 'member');
}
