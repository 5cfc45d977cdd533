/**
 * Withdrawals of received luv: hold (received → pending) when the BJ asks; then exactly one of
 * cancel (pending → received, by the BJ), approve (pending → paid, by an operator after the bank
 * transfer) or fail (pending → received, the bank refused). The withdrawal row is locked, so two
 * concurrent approvals post once. The exchange event is a withdrawal of kind `exchange` at the
 * event's rate, within the event's total. Every function returns a result code.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EXCHANGE_EVENT_TOTAL_LUV } from '../../domain/limits.ts';
import type { Db } from '../db/client.ts';
import { withdrawals } from '../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, type AccountIds } from '../ledger/accounts.ts';
import { payoutPreview } from './payout.ts';
import { EXCHANGE_EVENT_RATE_WON_PER_LUV, type BankAccount } from '../ledger/settings.ts';
import { postTransfers, type Executor } from '../ledger/transfer.ts';

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
export type WithdrawalView = ReturnType<typeof withdrawalView>;

/** `received`: the BJ's withdrawable luv afterwards. `account: 'received'` says whose luv ran short. */
export type HoldResult =
  | { ok: true; withdrawal: WithdrawalView; received: number }
  | { ok: false; code: 'insufficient_funds'; account: 'received' };

export type SettleResult =
  | { ok: true; withdrawal: WithdrawalView }
  | { ok: false; code: 'withdrawal_not_found' }
  /** Settled the other way already. */
  | { ok: false; code: 'withdrawal_closed'; withdrawal: WithdrawalView };

export interface WithdrawalAccounts {
  received: number;
  pending: number;
  paid: number;
}

export async function withdrawalAccounts(ids: AccountIds, memberId: number): Promise<WithdrawalAccounts> {
  return {
    received: await ids.of(AccountKind.bjReceived, memberId, LUV),
    pending: await ids.of(AccountKind.withdrawalPending, memberId, LUV),
    paid: await ids.of(AccountKind.withdrawalPaid, SYSTEM, LUV),
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
    bank: BankAccount;
  },
): Promise<HoldResult> {
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
    {
      debit: accounts.received,
      credit: accounts.pending,
      amount: input.amount,
      asset: LUV,
      code: TransferCode.withdrawHold,
      ref: `withdrawal:${w!.id}`,
    },
  ]);
  if (!posted.ok) return { ok: false, code: 'insufficient_funds', account: 'received' };
  return { ok: true, withdrawal: withdrawalView(w!), received: posted.balances.get(accounts.received)! };
}

const EXCHANGE_LOCK_ID = 80_001;

/** Luv the exchange event has taken so far (waiting and paid exchanges). */
export async function exchangeAppliedLuv(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(and(eq(withdrawals.kind, 'exchange'), inArray(withdrawals.status, ['pending', 'approved'])));
  return Number(row?.sum ?? 0);
}

/** An exchange at the event rate; a transaction-scoped advisory lock keeps the event total from being oversold. */
export async function applyExchange(
  tx: Executor,
  accounts: WithdrawalAccounts,
  input: { memberId: number; amount: number; bank: BankAccount },
): Promise<HoldResult | { ok: false; code: 'exchange_sold_out' }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EXCHANGE_LOCK_ID})`);
  if ((await exchangeAppliedLuv(tx)) + input.amount > EXCHANGE_EVENT_TOTAL_LUV)
    return { ok: false, code: 'exchange_sold_out' };
  return holdWithdrawal(tx, accounts, { ...input, kind: 'exchange', rateWonPerLuv: EXCHANGE_EVENT_RATE_WON_PER_LUV });
}

/** Settles a pending withdrawal: `cancel` (owner), `approve` or `fail` (operator). */
export async function settleWithdrawal(
  db: Db,
  ids: AccountIds,
  withdrawId: number,
  action: 'cancel' | 'approve' | 'fail',
  ownerId: number | null,
): Promise<SettleResult> {
  const [head] = await db
    .select({ memberId: withdrawals.memberId })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawId));
  if (!head || (ownerId !== null && head.memberId !== ownerId)) return { ok: false, code: 'withdrawal_not_found' };
  const accounts = await withdrawalAccounts(ids, head.memberId);
  return db.transaction(async (tx) => settleLocked(tx, accounts, withdrawId, action));
}

export async function settleLocked(
  tx: Executor,
  accounts: WithdrawalAccounts,
  withdrawId: number,
  action: 'cancel' | 'approve' | 'fail',
): Promise<SettleResult> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawId)).for('update');
  if (!w) return { ok: false, code: 'withdrawal_not_found' };
  const target = action === 'cancel' ? 'cancelled' : action === 'approve' ? 'approved' : 'failed';
  if (w.status === target) return { ok: true, withdrawal: withdrawalView(w) };
  if (w.status !== 'pending') return { ok: false, code: 'withdrawal_closed', withdrawal: withdrawalView(w) };
  const leg =
    action === 'approve'
      ? { debit: accounts.pending, credit: accounts.paid, code: TransferCode.withdrawPay }
      : {
          debit: accounts.pending,
          credit: accounts.received,
          code: action === 'cancel' ? TransferCode.withdrawCancel : TransferCode.withdrawFail,
        };
  const posted = await postTransfers(tx, [{ ...leg, amount: w.amount, asset: LUV, ref: `withdrawal:${w.id}` }]);
  if (!posted.ok) throw new Error('ledger: a pending withdrawal lost its hold');
  const [after] = await tx
    .update(withdrawals)
    .set({ status: target, settledAt: new Date() })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'pending')))
    .returning();
  return { ok: true, withdrawal: withdrawalView(after!) };
}
