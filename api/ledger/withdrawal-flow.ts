/**
 * Withdrawals of received luv: hold (received → pending) when the BJ asks; then exactly one of
 * cancel (pending → received, by the BJ), approve (pending → paid, by an operator after the bank
 * transfer) or fail (pending → received, the bank refused). The withdrawal row is locked, so two
 * concurrent approvals post once.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withdrawals } from '../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from './accounts.ts';
import type { Answer } from './idempotency.ts';
import { payoutPreview } from './payout.ts';
import { postTransfers, type Executor } from './transfer.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const withdrawalView = (w: WithdrawalRow) => ({
  withdrawId: w.id,
  kind: w.kind,
  amount: w.amount,
  status: w.status,
  rateWonPerLuv: w.rateWonPerLuv,
  grossWon: w.grossWon,
  feeWon: w.feeWon,
  taxWon: w.taxWon,
  netWon: w.netWon,
  bankCode: w.bankCode,
  bankAccount: w.bankAccount.replace(/.(?=.{4})/g, '*'),
  createdAt: w.createdAt.toISOString(),
  settledAt: w.settledAt?.toISOString() ?? null,
});

export interface WithdrawalAccounts {
  received: number;
  pending: number;
  paid: number;
}

export async function withdrawalAccounts(db: Db, memberId: number): Promise<WithdrawalAccounts> {
  return {
    received: await accountId(db, AccountKind.bjReceived, memberId, LUV),
    pending: await accountId(db, AccountKind.withdrawalPending, memberId, LUV),
    paid: await accountId(db, AccountKind.withdrawalPaid, SYSTEM, LUV),
  };
}

export async function holdWithdrawal(
  tx: Executor,
  accounts: WithdrawalAccounts,
  input: {
    memberId: number;
    amount: number;
    kind: 'withdraw' | 'exchange';
    rateWonPerLuv: number;
    bank: { bankCode: string; bankAccount: string; bankHolderName: string };
  },
): Promise<Answer> {
  const payout = payoutPreview(input.amount, input.rateWonPerLuv);
  const [w] = await tx
    .insert(withdrawals)
    .values({
      memberId: input.memberId,
      kind: input.kind,
      amount: input.amount,
      rateWonPerLuv: payout.rateWonPerLuv,
      grossWon: payout.grossWon,
      feeWon: payout.feeWon,
      taxWon: payout.taxWon,
      netWon: payout.netWon,
      ...input.bank,
    })
    .returning();
  const posted = await postTransfers(tx, [
    { debit: accounts.received, credit: accounts.pending, amount: input.amount, asset: LUV, code: TransferCode.withdrawHold, ref: `withdrawal:${w!.id}` },
  ]);
  if (!posted.ok) return { status: 409, body: { error: 'insufficient_funds', error_msg: 'You have not received that much luv.' } };
  return { status: 200, body: { withdrawal: withdrawalView(w!), received: posted.balances.get(accounts.received)! } };
}

/** Settles a pending withdrawal: `cancel` (owner), `approve` or `fail` (operator). */
export async function settleWithdrawal(db: Db, withdrawId: number, action: 'cancel' | 'approve' | 'fail', ownerId: number | null): Promise<Answer> {
  const [head] = await db.select({ memberId: withdrawals.memberId }).from(withdrawals).where(eq(withdrawals.id, withdrawId));
  if (!head || (ownerId !== null && head.memberId !== ownerId))
    return { status: 404, body: { error: 'withdrawal_not_found', error_msg: 'No such withdrawal.' } };
  const accounts = await withdrawalAccounts(db, head.memberId);
  return db.transaction(async (tx) => settleLocked(tx, accounts, withdrawId, action));
}

export async function settleLocked(tx: Executor, accounts: WithdrawalAccounts, withdrawId: number, action: 'cancel' | 'approve' | 'fail'): Promise<Answer> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawId)).for('update');
  if (!w) return { status: 404, body: { error: 'withdrawal_not_found', error_msg: 'No such withdrawal.' } };
  const target = action === 'cancel' ? 'cancelled' : action === 'approve' ? 'approved' : 'failed';
  if (w.status === target) return { status: 200, body: { withdrawal: withdrawalView(w) } };
  if (w.status !== 'pending')
    return { status: 409, body: { error: 'withdrawal_closed', error_msg: 'This withdrawal is no longer waiting.', withdrawal: withdrawalView(w) } };
  const leg =
    action === 'approve'
      ? { debit: accounts.pending, credit: accounts.paid, code: TransferCode.withdrawPay }
      : { debit: accounts.pending, credit: accounts.received, code: action === 'cancel' ? TransferCode.withdrawCancel : TransferCode.withdrawFail };
  const posted = await postTransfers(tx, [{ ...leg, amount: w.amount, asset: LUV, ref: `withdrawal:${w.id}` }]);
  if (!posted.ok) throw new Error('ledger: a pending withdrawal lost its hold');
  const [after] = await tx
    .update(withdrawals)
    .set({ status: target, settledAt: new Date() })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'pending')))
    .returning();
  return { status: 200, body: { withdrawal: withdrawalView(after!) } };
}
