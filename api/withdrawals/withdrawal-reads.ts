/** Reads of a member's withdrawals: a page of them, the waiting ones, and whose one is. */
import { and, desc, eq } from 'drizzle-orm';
import type { WaitingWithdrawals, Withdrawal } from '../../domain/answers/withdrawals.ts';
import type { Db } from '../db/client.ts';
import { withdrawals } from '../db/schema/index.ts';
import { withdrawalView } from './withdrawal-flow.ts';

/** My withdrawals (and exchanges), newest first. */
export async function myWithdrawals(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number },
): Promise<Withdrawal[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId))
    .orderBy(desc(withdrawals.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map(withdrawalView);
}

/** My waiting withdrawals, newest first, and the luv they hold. */
export async function waitingWithdrawals(db: Db, memberId: number): Promise<WaitingWithdrawals> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'pending')))
    .orderBy(desc(withdrawals.id));
  return { list: rows.map(withdrawalView), luv: rows.reduce((s, w) => s + w.amount, 0) };
}

/** The member who asked for withdrawal `withdrawId`, or null. */
export async function withdrawalOwner(db: Db, withdrawId: number): Promise<number | null> {
  const [w] = await db
    .select({ memberId: withdrawals.memberId })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawId));
  return w?.memberId ?? null;
}
