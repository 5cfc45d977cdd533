/**
 * Posting transfers: every leg moves a positive integer amount of one asset from a debit account to
 * a credit account. All legs of one operation post together, inside the caller's transaction:
 * the accounts are locked FOR UPDATE in id order (so two operations never wait on each other in a
 * cycle), funds are checked, cached balances updated, and the journal rows appended.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../db/schema/index.ts';
import { SOURCE_KINDS, type TransferCode } from './accounts.ts';

/** The transaction handle drizzle passes to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query may run: the database, or a transaction (inside one, only ever the transaction). */
export type Executor = Db | Tx;

export interface Leg {
  debit: number;
  credit: number;
  amount: number;
  asset: string;
  code: TransferCode;
  ref?: string | null;
  channelId?: number | null;
  reversesId?: number | null;
  memo?: string | null;
}

export type AccountRow = typeof ledgerAccounts.$inferSelect;

export type PostResult =
  | { ok: true; transferIds: number[]; balances: Map<number, number> }
  | { ok: false; code: 'insufficient_funds'; accountId: number };

export async function postTransfers(tx: Executor, legs: readonly Leg[]): Promise<PostResult> {
  if (legs.length === 0) throw new Error('ledger: an operation needs at least one leg');
  for (const leg of legs) checkLeg(leg);
  const ids = [...new Set(legs.flatMap((l) => [l.debit, l.credit]))].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
  if (rows.length !== ids.length) throw new Error('ledger: unknown account');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const delta = new Map<number, number>();
  for (const leg of legs) {
    if (byId.get(leg.debit)!.asset !== leg.asset || byId.get(leg.credit)!.asset !== leg.asset)
      throw new Error('ledger: asset mismatch');
    delta.set(leg.debit, (delta.get(leg.debit) ?? 0) - leg.amount);
    delta.set(leg.credit, (delta.get(leg.credit) ?? 0) + leg.amount);
  }
  const balances = new Map<number, number>();
  for (const [id, d] of delta) {
    const row = byId.get(id)!;
    const next = row.balance + d;
    if (!mayHold(row, next)) return { ok: false, code: 'insufficient_funds', accountId: id };
    balances.set(id, next);
  }
  const changed = [...balances].filter(([id, next]) => next !== byId.get(id)!.balance);
  if (changed.length > 0) {
    // One statement for every account of the operation (the rows are already locked).
    const values = sql.join(
      changed.map(([id, next]) => sql`(${id}::integer, ${next}::bigint)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ledger_accounts as a set balance = v.balance from (values ${values}) as v(id, balance) where a.id = v.id`,
    );
  }
  const inserted = await tx
    .insert(ledgerTransfers)
    .values(
      legs.map((l) => ({
        debitAccountId: l.debit,
        creditAccountId: l.credit,
        amount: l.amount,
        asset: l.asset,
        code: l.code,
        ref: l.ref ?? null,
        channelId: l.channelId ?? null,
        reversesId: l.reversesId ?? null,
        memo: l.memo ?? null,
      })),
    )
    .returning({ id: ledgerTransfers.id });
  return { ok: true, transferIds: inserted.map((r) => r.id), balances };
}

/** A leg that could never be right is a bug: it throws. */
export function checkLeg(leg: Leg): void {
  if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw new Error(`ledger: bad amount ${leg.amount}`);
  if (leg.debit === leg.credit) throw new Error('ledger: a transfer needs two distinct accounts');
}

/** Whether `row` may hold `balance`: only the sources run negative (the database CHECK says the same). */
export const mayHold = (row: AccountRow, balance: number): boolean => balance >= 0 || SOURCE_KINDS.has(row.kind);
