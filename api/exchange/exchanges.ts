/** Reads of the exchange event: a member's latest exchanges (withdrawals of kind `exchange`). */
import { and, desc, eq } from 'drizzle-orm';
import type { Withdrawal } from '../../domain/answers/withdrawals.ts';
import type { Db } from '../db/client.ts';
import { withdrawals } from '../db/schema/index.ts';
import { withdrawalView } from '../withdrawals/withdrawal-flow.ts';

/** How many exchanges `myExchanges` lists. */
export const EXCHANGE_STATUS_LIST_MAX = 20;

/** My latest exchanges, newest first. */
export async function myExchanges(db: Db, memberId: number): Promise<Withdrawal[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.kind, 'exchange')))
    .orderBy(desc(withdrawals.id))
    .limit(EXCHANGE_STATUS_LIST_MAX);
  return rows.map(withdrawalView);
}
