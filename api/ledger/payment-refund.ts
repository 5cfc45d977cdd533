/**
 * The member cancels their own payment (`POST /api/shoppings/flax/payments-cancel`):
 * - open (0, 1, 2): the gateway is asked first (a payment paid a moment ago is credited, then
 *   refunded below); an issued virtual account is closed so no deposit can arrive; then 7.
 * - approved (9): the luv goes back and the gateway refunds, in one ledger transaction: luv the
 *   member no longer holds refuses the refund (`luv_already_spent`) before any money moves, and a
 *   refund the gateway refuses leaves the luv where it was.
 * - 6, 7, 8: final; 7 again answers the payment as it is.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/index.ts';
import type { GatewayFailure, PaymentGateway } from '../providers/payment/gateway.ts';
import { applyTransition, paymentAccounts, paymentView, transitionIn, type TransitionResult } from './payment-flow.ts';
import { settlePayment } from './payment-settle.ts';

export type RefundResult = TransitionResult | { ok: false; code: 'refund_refused' | GatewayFailure };

class GatewayRefused extends Error {
  readonly code: 'refund_refused' | 'gateway_unavailable';
  constructor(code: 'refund_refused' | 'gateway_unavailable') {
    super(code);
    this.code = code;
  }
}

export async function cancelByMember(db: Db, gateway: PaymentGateway, memberId: number, paymentId: string): Promise<RefundResult> {
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
    const closed = await gateway.cancel({ paymentId, amountWon: 0, reason: 'closed by the buyer', requester: 'CUSTOMER' });
    if (!closed.ok && closed.code === 'gateway_unavailable') return { ok: false, code: 'gateway_unavailable' };
  }
  if (p!.status === 0 || p!.status === 1 || p!.status === 2) return applyTransition(db, paymentId, { kind: 'cancelled', code: 'closed', note: null }, 'member');
  if (p!.status !== 9 || p!.purpose !== 'luv') return { ok: false, code: 'payment_final', payment: paymentView(p!) };
  return refund(db, gateway, p!);
}

async function refund(db: Db, gateway: PaymentGateway, p: typeof payments.$inferSelect): Promise<RefundResult> {
  const accounts = await paymentAccounts(db, p.memberId);
  try {
    return await db.transaction(async (tx) => {
      const taken = await transitionIn(tx, accounts, p.id, { kind: 'cancelled', code: 'refunded', note: null }, 'member');
      // Only a refund that took the luv back now goes to the gateway; a refusal rolls nothing back but itself.
      if (!taken.ok || !taken.changed) return taken;
      const cancelled = await gateway.cancel({ paymentId: p.id, amountWon: p.amountWon, reason: 'refund requested by the buyer', requester: 'CUSTOMER' });
      if (!cancelled.ok) throw new GatewayRefused(cancelled.code === 'gateway_unavailable' ? 'gateway_unavailable' : 'refund_refused');
      return taken;
    });
  } catch (error) {
    if (error instanceof GatewayRefused) return { ok: false, code: error.code };
    throw error;
  }
}
