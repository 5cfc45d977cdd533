/**
 * The member cancels their own payment (`POST /api/shoppings/flax/payments-cancel`):
 * - open (0, 1, 2): the gateway is asked first (a payment paid a moment ago is credited, then
 *   refunded below); an issued virtual account is closed so no deposit can arrive; then 7.
 * - approved (9): a refund, in two short ledger transactions with the gateway's answer between them,
 *   so that no transaction waits on the network (on PGlite, one connection, every query would):
 *   1. the payment's luv moves from the wallet to the member's refund hold (`refund_hold`) and the
 *      payment records the hold; luv the member no longer holds refuses the refund
 *      (`luv_already_spent`) before any money moves;
 *   2. the gateway cancels the payment;
 *   3. refunded: the hold goes to the clearing account (`purchase_refund`) and the payment is 7;
 *      refused: the hold goes back to the wallet (`refund_release`) and the payment stays 9;
 *      no answer (`gateway_unavailable`): the hold stays, since the gateway may have refunded.
 *   A hold belongs to the request that made it; one older than REFUND_HOLD_STALE_MS (a crash, no
 *   answer) is finished by the expiry job (`finishStaleRefunds`), which asks the gateway to cancel
 *   again: PortOne answers a payment it already cancelled as cancelled, so that is safe. Meanwhile
 *   another refund of it answers `refund_in_progress`. A Transaction.Cancelled webhook that comes
 *   first settles from the hold too (./payment-flow.ts); whichever comes second finds it done.
 * - 6, 7, 8: final; 7 again answers the payment as it is.
 */
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema/index.ts';
import type { GatewayFailure, PaymentGateway } from '../providers/payment/gateway.ts';
import { AccountKind, LUV, TransferCode, accountId } from '../ledger/accounts.ts';
import {
  applyTransition,
  holdAccountOf,
  paymentAccounts,
  paymentView,
  transitionIn,
  type PaymentAccounts,
  type PaymentRow,
  type TransitionResult,
} from './payment-flow.ts';
import { settlePayment } from './payment-settle.ts';
import { postTransfers, type Tx } from '../ledger/transfer.ts';

export type RefundResult = TransitionResult | { ok: false; code: 'refund_refused' | GatewayFailure };

/**
 * After this long a refund hold no longer belongs to its request (whose gateway call times out well before) and the
 * expiry job finishes it.
 */
export const REFUND_HOLD_STALE_MS = 60_000;
/** Stale holds finished per run; the next run takes the rest. */
const SWEEP_BATCH = 100;

export async function cancelByMember(
  db: Db,
  gateway: PaymentGateway,
  memberId: number,
  paymentId: string,
): Promise<RefundResult> {
  const own = and(eq(payments.id, paymentId), eq(payments.memberId, memberId));
  let [p] = await db.select().from(payments).where(own);
  if (!p) return { ok: false, code: 'payment_not_found' };
  if (p.status === 7) return { ok: true, payment: paymentView(p), changed: false };
  if (p.status === 6 || p.status === 8) return { ok: false, code: 'payment_final', payment: paymentView(p) };
  if (p.status !== 9) {
    const settled = await settlePayment(db, gateway, paymentId, 'member');
    if (!settled.ok) return settled;
    [p] = await db.select().from(payments).where(own);
  }
  if (p!.status === 2) {
    const closed = await gateway.cancel({
      paymentId,
      amountWon: 0,
      reason: 'closed by the buyer',
      requester: 'CUSTOMER',
    });
    if (!closed.ok && closed.code === 'gateway_unavailable') return { ok: false, code: 'gateway_unavailable' };
  }
  if (p!.status === 0 || p!.status === 1 || p!.status === 2)
    return applyTransition(db, paymentId, { kind: 'cancelled', code: 'closed', note: null }, 'member');
  if (p!.status !== 9 || p!.purpose !== 'luv') return { ok: false, code: 'payment_final', payment: paymentView(p!) };
  return refund(db, gateway, p!);
}

async function refund(db: Db, gateway: PaymentGateway, p: PaymentRow): Promise<RefundResult> {
  const accounts = await paymentAccounts(db, p.memberId);
  // Opened here, outside the transaction, and only for a member who asks for a refund.
  const holdAccount = await accountId(db, AccountKind.refundPending, p.memberId, LUV);
  const held = await db.transaction((tx) => holdRefund(tx, accounts.wallet, holdAccount, p.id, 'member'));
  if ('result' in held) return held.result;
  return finishRefund(db, gateway, accounts, p, held.holdId, 'member');
}

/** Step 1: the payment's luv into the member's refund hold, under the payment's row lock. */
async function holdRefund(
  tx: Tx,
  wallet: number,
  holdAccount: number,
  paymentId: string,
  source: string,
): Promise<{ holdId: number } | { result: RefundResult }> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p) return { result: { ok: false, code: 'payment_not_found' } };
  if (p.status === 7) return { result: { ok: true, payment: paymentView(p), changed: false } };
  if (p.status !== 9 || p.purpose !== 'luv')
    return { result: { ok: false, code: 'payment_final', payment: paymentView(p) } };
  if (p.refundHoldTransferId !== null)
    return { result: { ok: false, code: 'refund_in_progress', payment: paymentView(p) } };
  const posted = await postTransfers(tx, [
    {
      debit: wallet,
      credit: holdAccount,
      amount: p.luv,
      asset: LUV,
      code: TransferCode.refundHold,
      ref: `payment:${p.id}`,
    },
  ]);
  if (!posted.ok) return { result: { ok: false, code: 'luv_already_spent', payment: paymentView(p) } };
  const holdId = posted.transferIds[0]!;
  const now = new Date();
  await tx
    .update(payments)
    .set({ refundHoldTransferId: holdId, refundHeldAt: now, updatedAt: now })
    .where(eq(payments.id, p.id));
  await tx.insert(paymentEvents).values({
    paymentId: p.id,
    fromStatus: 9,
    toStatus: 9,
    source,
    detail: { kind: 'refund_hold', transferId: holdId },
  });
  return { holdId };
}

/**
 * Steps 2 and 3: the gateway's cancellation, then the hold settled (7) or released (9), or kept when the gateway did
 * not answer.
 */
async function finishRefund(
  db: Db,
  gateway: PaymentGateway,
  accounts: PaymentAccounts,
  p: PaymentRow,
  holdId: number,
  source: string,
): Promise<RefundResult> {
  const cancelled = await gateway.cancel({
    paymentId: p.id,
    amountWon: p.amountWon,
    reason: 'refund requested by the buyer',
    requester: 'CUSTOMER',
  });
  if (cancelled.ok)
    return db.transaction((tx) =>
      transitionIn(tx, accounts, p.id, { kind: 'cancelled', code: 'refunded', note: null }, source),
    );
  if (cancelled.code === 'gateway_unavailable') return { ok: false, code: 'gateway_unavailable' };
  await db.transaction((tx) => releaseHold(tx, accounts.wallet, p.id, holdId, source, cancelled.note));
  return { ok: false, code: 'refund_refused' };
}

/** The hold back to the wallet, unless the payment settled (or released) it meanwhile. */
async function releaseHold(
  tx: Tx,
  wallet: number,
  paymentId: string,
  holdId: number,
  source: string,
  note: string,
): Promise<void> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p || p.refundHoldTransferId !== holdId) return;
  const posted = await postTransfers(tx, [
    {
      debit: await holdAccountOf(tx, holdId),
      credit: wallet,
      amount: p.luv,
      asset: LUV,
      code: TransferCode.refundRelease,
      ref: `payment:${p.id}`,
      reversesId: holdId,
    },
  ]);
  if (!posted.ok) throw new Error('ledger: a refund hold holds less than its payment');
  await tx
    .update(payments)
    .set({ refundHoldTransferId: null, refundHeldAt: null, updatedAt: new Date() })
    .where(eq(payments.id, p.id));
  await tx.insert(paymentEvents).values({
    paymentId: p.id,
    fromStatus: 9,
    toStatus: 9,
    source,
    detail: { kind: 'refund_release', note: note.slice(0, 200) },
  });
}

export interface RefundSweepReport {
  /** Refunded at the gateway and settled (7). */
  refunded: number;
  /** Refused by the gateway: the luv went back to the wallet. */
  released: number;
  /** The gateway did not answer: the hold waits for the next run. */
  unreachable: number;
}

/**
 * Finishes the refund holds older than REFUND_HOLD_STALE_MS at `now` (run by the expiry job, in every process: each
 * move is under the payment's row lock).
 */
export async function finishStaleRefunds(db: Db, gateway: PaymentGateway, now: Date): Promise<RefundSweepReport> {
  const report: RefundSweepReport = { refunded: 0, released: 0, unreachable: 0 };
  const stale = await db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.refundHoldTransferId),
        lt(payments.refundHeldAt, new Date(now.getTime() - REFUND_HOLD_STALE_MS)),
      ),
    )
    .orderBy(asc(payments.refundHeldAt))
    .limit(SWEEP_BATCH);
  for (const p of stale) {
    const r = await finishRefund(
      db,
      gateway,
      await paymentAccounts(db, p.memberId),
      p,
      p.refundHoldTransferId!,
      'refund-sweep',
    );
    if (r.ok) report.refunded += r.changed ? 1 : 0;
    else if (r.code === 'gateway_unavailable') report.unreachable++;
    else if (r.code === 'refund_refused') report.released++;
  }
  return report;
}
