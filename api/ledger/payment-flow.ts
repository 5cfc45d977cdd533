/**
 * How a payment's status moves (SPEC §4 leaves it open; docs/LEDGER.md draws it):
 *   0 waiting → 1 request in progress → 2 payment in progress → 9 approved (luv credited, once)
 *   0/1/2 → 6 wrong deposit (virtual account, amount ≠ price) | 7 cancelled | 8 approval error
 *   9 → 7 cancelled (refund: the credited luv goes back, if the viewer still holds it)
 * 6, 7 and 8 are final and never credit. A repeated outcome is answered, never applied twice:
 * the payment row is locked, so three webhook deliveries at once still credit once.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema/index.ts';
import type { GatewayOutcome } from '../providers/payment/gateway.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from './accounts.ts';
import type { Answer } from './idempotency.ts';
import { postTransfers } from './transfer.ts';

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

/** Applies a gateway outcome to a payment; the answer carries the payment after the change. */
export async function applyOutcome(db: Db, paymentId: string, outcome: GatewayOutcome, source: string): Promise<Answer> {
  const [head] = await db.select({ memberId: payments.memberId }).from(payments).where(eq(payments.id, paymentId));
  if (!head) return { status: 404, body: { error: 'payment_not_found', error_msg: 'No such payment.' } };
  const wallet = await accountId(db, AccountKind.wallet, head.memberId, LUV);
  const clearing = await accountId(db, AccountKind.paymentClearing, SYSTEM, LUV);
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p) return { status: 404, body: { error: 'payment_not_found', error_msg: 'No such payment.' } };
    const now = new Date();
    const move = async (to: number, extra: Partial<PaymentRow> = {}) => {
      const [after] = await tx
        .update(payments)
        .set({ status: to, updatedAt: now, ...extra })
        .where(eq(payments.id, p.id))
        .returning();
      await tx.insert(paymentEvents).values({ paymentId: p.id, fromStatus: p.status, toStatus: to, source, detail: outcome });
      return { status: 200, body: { payment: paymentView(after!) } };
    };
    const unchanged = { status: 200, body: { payment: paymentView(p) } };
    const final = { status: 409, body: { error: 'payment_final', error_msg: 'This payment is already closed.', payment: paymentView(p) } };

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
      if (!posted.ok)
        return { status: 409, body: { error: 'luv_already_spent', error_msg: 'The luv of this payment was already spent, so it cannot be cancelled.' } };
      return move(7, { cancelledAt: now, refundTransferId: posted.transferIds[0]! });
    }
    if (p.status === 9 && (outcome.kind === 'approve' || outcome.kind === 'deposit')) return unchanged;
    if (!OPEN.has(p.status)) return final;
    if (outcome.kind === 'fail') return move(8, { failureNote: outcome.note });
    if (outcome.kind === 'deposit' && p.method !== 'virtualaccount')
      return { status: 409, body: { error: 'not_virtual_account', error_msg: 'Only virtual-account payments take deposits.' } };
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
