/**
 * How a payment's status moves (SPEC §4 leaves it open; docs/LEDGER.md "Payment statuses" draws it):
 *   0 waiting → 1 request in progress (the gateway holds the amount; the buyer is in its window)
 *   1 → 2 payment in progress (a virtual account was issued and awaits the deposit)
 *   1/2 → 9 approved (the gateway reports it paid in full: luv credited, once)
 *   0/1/2 → 6 wrong deposit | 8 approval error (the money went back first) | 7 cancelled (closed, expired)
 *   9 → 7 cancelled (refund: the credited luv goes back, if the viewer still holds it; a member's
 *   refund holds it first, ./payment-refund.ts, and this settles from the hold)
 * 6, 7 and 8 are final and never credit. Transitions come from what the gateway reports
 * (./payment-settle.ts), never from a browser; a repeated one is answered, never applied twice:
 * the payment row is locked, so a completion and three webhook deliveries at once credit once.
 * Every function returns a result code; the routes choose statuses and texts.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Payment, PaymentRead } from '../../domain/answers/shop.ts';
import type { Db } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers, paymentEvents, payments } from '../db/schema/index.ts';
import type { CheckoutRequest, GatewayFailure, PaymentGateway, VirtualAccount } from '../providers/payment/gateway.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from '../ledger/accounts.ts';
import { checkBuyCap, type CapRefusal } from '../ledger/caps.ts';
import { postTransfers, type Executor, type Tx } from '../ledger/transfer.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Why a payment ended without credit (the buyer's notice names it in their language). */
export type FailureCode = 'pg_failed' | 'amount_mismatch' | 'wrong_deposit' | 'expired' | 'refunded' | 'closed';

export const OPEN_STATUSES = [0, 1, 2] as const;
const OPEN = new Set<number>(OPEN_STATUSES);

export function paymentView(p: PaymentRow) {
  return {
    paymentId: p.id,
    status: p.status,
    productId: p.productId,
    method: p.method,
    luv: p.luv,
    amountWon: p.amountWon,
    failureCode: p.failureCode,
    failureNote: p.failureNote,
    /** While the payment is 2: the account to pay into and its deadline. */
    virtualAccount: p.status === 2 ? ((p.virtualAccount as VirtualAccount | null) ?? null) : null,
    createdAt: p.createdAt.toISOString(),
    approvedAt: p.approvedAt?.toISOString() ?? null,
    cancelledAt: p.cancelledAt?.toISOString() ?? null,
    /**
     * An approved payment whose refund waits for the gateway (./payment-refund.ts): its luv is held, not in the wallet.
     */
    refundPending: p.refundHoldTransferId !== null,
  } satisfies Payment;
}
export type PaymentView = ReturnType<typeof paymentView>;

/** SPEC §7 conversion tracking: the page sends `purchase` with these once it sees status 9. */
export const purchaseOf = (p: Pick<PaymentView, 'paymentId' | 'status' | 'amountWon'>): PaymentRead['purchase'] =>
  p.status === 9 ? { transactionId: p.paymentId, value: p.amountWon, currency: 'KRW' as const } : null;

export type StartResult =
  | {
      ok: true;
      paymentId: string;
      status: 1;
      luv: number;
      amountWon: number;
      gateway: string;
      checkout: CheckoutRequest;
      browserSdkUrl: string | null;
    }
  | CapRefusal
  | { ok: false; code: GatewayFailure };

/**
 * Opens a payment of `product` for the member and registers its amount with the gateway (PortOne
 * pre-registration), inside the caller's transaction; answers what the browser step needs. The
 * member's wallet row is locked first, so the buying cap counts one member's purchases in turn.
 */
export async function startPayment(
  tx: Executor,
  gateway: PaymentGateway,
  input: {
    memberId: number;
    wallet: number;
    product: { id: number; luv: number; priceWon: number };
    method: string;
    orderName: string;
  },
): Promise<StartResult> {
  const { memberId, product, method } = input;
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, input.wallet))
    .for('update');
  const paymentId = `P${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
  await tx.insert(payments).values({
    id: paymentId,
    memberId,
    productId: product.id,
    method,
    luv: product.luv,
    amountWon: product.priceWon,
    status: 0,
  });
  const cap = await checkBuyCap(tx, memberId, new Date());
  if (!cap.ok) return cap;
  // Pre-registration is idempotent by paymentId; a failure rolls the payment back with the transaction.
  const started = await gateway.checkout({
    paymentId,
    amountWon: product.priceWon,
    method,
    orderName: input.orderName,
    customerId: String(memberId),
  });
  if (!started.ok)
    return { ok: false, code: started.code === 'gateway_refused' ? 'gateway_refused' : 'gateway_unavailable' };
  await tx
    .update(payments)
    .set({ status: 1, providerTxId: started.providerTxId, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  await tx
    .insert(paymentEvents)
    .values({ paymentId, fromStatus: 0, toStatus: 1, source: gateway.name, detail: { kind: 'checkout' } });
  const { luv, priceWon: amountWon } = product;
  return {
    ok: true,
    paymentId,
    status: 1,
    luv,
    amountWon,
    gateway: gateway.name,
    checkout: started.checkout,
    browserSdkUrl: gateway.browserSdkUrl,
  };
}

/** A change the gateway reported (or the expiry job decided), in the state machine's vocabulary. */
export type Transition =
  | { kind: 'issued'; account: VirtualAccount | null }
  | { kind: 'paid'; amountWon: number }
  /** Not credited and final: 6 (a deposit of the wrong amount) or 8 (an approval error); any money went back first. */
  | { kind: 'rejected'; status: 6 | 8; code: FailureCode; note: string }
  | { kind: 'cancelled'; code: FailureCode | null; note: string | null };

export type TransitionResult =
  /** `changed`: false when the payment already stood there (a replay, the second of complete and webhook). */
  | { ok: true; payment: PaymentView; changed: boolean }
  | { ok: false; code: 'payment_not_found' }
  /** 6, 7 or 8 already: nothing changes. A `paid` one here was paid after it closed: the money must go back. */
  | { ok: false; code: 'payment_final'; payment: PaymentView }
  /** A refund of luv the member no longer holds. */
  | { ok: false; code: 'luv_already_spent'; payment: PaymentView }
  /** The member's refund of it is waiting for the gateway (./payment-refund.ts). */
  | { ok: false; code: 'refund_in_progress'; payment: PaymentView };

/** Applies a transition to a payment under a row lock; the result carries the payment after it. */
export async function applyTransition(
  db: Db,
  paymentId: string,
  t: Transition,
  source: string,
): Promise<TransitionResult> {
  const [head] = await db.select({ memberId: payments.memberId }).from(payments).where(eq(payments.id, paymentId));
  if (!head) return { ok: false, code: 'payment_not_found' };
  const accounts = await paymentAccounts(db, head.memberId);
  return db.transaction((tx) => transitionIn(tx, accounts, paymentId, t, source));
}

/** The accounts a payment of one member moves luv between (`paymentAccounts`). */
export interface PaymentAccounts {
  wallet: number;
  clearing: number;
}

/** The account a refund's hold put the luv in: the credit side of its `refund_hold` transfer. */
export async function holdAccountOf(tx: Tx, holdTransferId: number): Promise<number> {
  const [hold] = await tx
    .select({ account: ledgerTransfers.creditAccountId })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, holdTransferId));
  if (!hold) throw new Error(`ledger: no refund hold transfer ${holdTransferId}`);
  return hold.account;
}

/** `applyTransition` inside the caller's transaction. */
export async function transitionIn(
  tx: Tx,
  accounts: PaymentAccounts,
  paymentId: string,
  t: Transition,
  source: string,
): Promise<TransitionResult> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p) return { ok: false, code: 'payment_not_found' };
  const now = new Date();
  const move = async (to: number, extra: Partial<PaymentRow> = {}): Promise<TransitionResult> => {
    const [after] = await tx
      .update(payments)
      .set({ status: to, updatedAt: now, ...extra })
      .where(eq(payments.id, p.id))
      .returning();
    await tx.insert(paymentEvents).values({ paymentId: p.id, fromStatus: p.status, toStatus: to, source, detail: t });
    return { ok: true, payment: paymentView(after!), changed: true };
  };
  const unchanged: TransitionResult = { ok: true, payment: paymentView(p), changed: false };
  const final: TransitionResult = { ok: false, code: 'payment_final', payment: paymentView(p) };

  switch (t.kind) {
    case 'issued':
      if (p.status === 2) return unchanged;
      return p.status === 0 || p.status === 1
        ? move(2, { virtualAccount: t.account })
        : p.status === 9
          ? unchanged
          : final;
    case 'rejected':
      return OPEN.has(p.status)
        ? move(t.status, { failureCode: t.code, failureNote: t.note.slice(0, 200) })
        : p.status === 9
          ? unchanged
          : final;
    case 'cancelled': {
      if (p.status === 7 || p.status === 6 || p.status === 8) return unchanged;
      const closed = { cancelledAt: now, failureCode: t.code, failureNote: t.note };
      if (OPEN.has(p.status)) return move(7, closed);
      if (p.purpose !== 'luv') return move(7, closed);
      // A refund the member asked for took the luv into its hold already; any other cancellation of
      // a credited payment (PortOne's console) takes it from the wallet, if it is still there.
      const held = p.refundHoldTransferId !== null;
      const posted = await postTransfers(tx, [
        {
          debit: held ? await holdAccountOf(tx, p.refundHoldTransferId!) : accounts.wallet,
          credit: accounts.clearing,
          amount: p.luv,
          asset: LUV,
          code: TransferCode.purchaseRefund,
          ref: `payment:${p.id}`,
          reversesId: p.creditTransferId,
        },
      ]);
      if (!posted.ok) {
        if (held) throw new Error('ledger: a refund hold holds less than its payment');
        return { ok: false, code: 'luv_already_spent', payment: paymentView(p) };
      }
      const released = { refundHoldTransferId: null, refundHeldAt: null };
      return move(7, {
        ...closed,
        ...released,
        failureCode: t.code ?? 'refunded',
        refundTransferId: posted.transferIds[0]!,
      });
    }
    case 'paid': {
      if (p.status === 9) return unchanged;
      if (!OPEN.has(p.status)) return final;
      if (t.amountWon !== p.amountWon)
        throw new Error(`ledger: paid ${t.amountWon} won for a ${p.amountWon}-won payment reached the state machine`);
      if (p.purpose !== 'luv') return move(9, { approvedAt: now, virtualAccount: null });
      const posted = await postTransfers(tx, [
        {
          debit: accounts.clearing,
          credit: accounts.wallet,
          amount: p.luv,
          asset: LUV,
          code: TransferCode.purchase,
          ref: `payment:${p.id}`,
        },
      ]);
      if (!posted.ok) throw new Error('ledger: the clearing account cannot run out');
      return move(9, { approvedAt: now, creditTransferId: posted.transferIds[0]!, virtualAccount: null });
    }
  }
}

/** The wallet and clearing accounts a payment of `memberId` moves luv between. */
export async function paymentAccounts(db: Executor, memberId: number): Promise<PaymentAccounts> {
  return {
    wallet: await accountId(db, AccountKind.wallet, memberId, LUV),
    clearing: await accountId(db, AccountKind.paymentClearing, SYSTEM, LUV),
  };
}
