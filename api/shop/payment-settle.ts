/**
 * What the gateway reports about a payment, applied to it: the one path by which money comes in.
 * The browser's "complete", every verified webhook, the development simulator and the expiry job all
 * call `settlePayment()`, which asks the gateway (`lookup()`, PortOne `getPayment`), reads the answer
 * against the payment's own price (`verdictOf`) and runs the state machine (./payment-flow.ts):
 * whichever of them comes first credits, the others find nothing left to do. A payment of another
 * amount is cancelled at the gateway before it is recorded (8, or 6 for a deposit); money paid into
 * a payment this side already closed goes back the same way.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema/index.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import { verdictOf } from '../providers/payment/verdict.ts';
import {
  applyTransition,
  paymentView,
  type PaymentView,
  type Transition,
  type TransitionResult,
} from './payment-flow.ts';

export type SettleResult =
  /** `changed`: false when nothing moved (still open, or already where the gateway says). */
  | { ok: true; payment: PaymentView; changed: boolean }
  | { ok: false; code: 'payment_not_found' }
  /** The gateway could not be asked (or could not give money back): try again later. */
  | { ok: false; code: 'gateway_unavailable' };

const asSettled = (r: TransitionResult): SettleResult =>
  r.ok ? r : r.code === 'payment_not_found' ? r : { ok: true, payment: r.payment, changed: false };

/** Asks the gateway where `paymentId` stands and applies it; `source` names who asked (webhook, complete …). */
export async function settlePayment(
  db: Db,
  gateway: PaymentGateway,
  paymentId: string,
  source: string,
): Promise<SettleResult> {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) return { ok: false, code: 'payment_not_found' };
  const looked = await gateway.lookup(paymentId);
  if (!looked.ok) return { ok: false, code: 'gateway_unavailable' };
  const verdict = verdictOf(looked.report, p.amountWon);
  switch (verdict.kind) {
    case 'pending':
    case 'unknown':
      return { ok: true, payment: paymentView(p), changed: false };
    case 'issued':
      return asSettled(await applyTransition(db, paymentId, { kind: 'issued', account: verdict.account }, source));
    case 'failed':
      return asSettled(
        await applyTransition(
          db,
          paymentId,
          { kind: 'rejected', status: 8, code: 'pg_failed', note: verdict.note },
          source,
        ),
      );
    case 'cancelled':
      if (verdict.otherAmount === null)
        return asSettled(await applyTransition(db, paymentId, { kind: 'cancelled', code: null, note: null }, source));
      // The mismatch's own cancellation, reported before (or instead of) the mismatch: record the mismatch.
      return asSettled(
        await applyTransition(db, paymentId, mismatch(p.method === 'virtualaccount', verdict.otherAmount), source),
      );
    case 'paid': {
      const r = await applyTransition(db, paymentId, { kind: 'paid', amountWon: verdict.amountWon }, source);
      if (r.ok || r.code !== 'payment_final') return asSettled(r);
      // Paid after this side closed it (expired, cancelled): nothing is delivered, so the money goes back.
      if (!(await giveBack(db, gateway, paymentId, verdict.amountWon, 'paid after the payment was closed', source)))
        return { ok: false, code: 'gateway_unavailable' };
      return asSettled(r);
    }
    case 'amount_mismatch': {
      // Already recorded as a mismatch: the money went back then.
      if (p.status === 6 || p.status === 8) return { ok: true, payment: paymentView(p), changed: false };
      if (!(await giveBack(db, gateway, paymentId, verdict.amountWon, verdict.note, source)))
        return { ok: false, code: 'gateway_unavailable' };
      return asSettled(await applyTransition(db, paymentId, mismatch(verdict.deposit, verdict.note), source));
    }
  }
}

const mismatch = (deposit: boolean, note: string): Transition =>
  deposit
    ? { kind: 'rejected', status: 6, code: 'wrong_deposit', note }
    : { kind: 'rejected', status: 8, code: 'amount_mismatch', note };

/**
 * Cancels at the gateway what was paid (or closes a virtual account issued for another amount) and
 * records it in the payment's history; false when the gateway could not be reached, so the caller
 * answers "try again" and nothing is recorded as settled before the money is back.
 */
async function giveBack(
  db: Db,
  gateway: PaymentGateway,
  paymentId: string,
  amountWon: number,
  reason: string,
  source: string,
): Promise<boolean> {
  const cancelled = await gateway.cancel({ paymentId, amountWon, reason: reason.slice(0, 200), requester: 'ADMIN' });
  if (!cancelled.ok && cancelled.code === 'gateway_unavailable') return false;
  const [p] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  await db.insert(paymentEvents).values({
    paymentId,
    fromStatus: p?.status ?? 0,
    toStatus: p?.status ?? 0,
    source,
    detail: { kind: 'give_back', amountWon, reason, result: cancelled.ok ? cancelled.state : cancelled.code },
  });
  return true;
}
