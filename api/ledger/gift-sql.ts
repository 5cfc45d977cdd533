/**
 * The statements of a gift batch (api/ledger/gift.ts). Each is one round trip whatever the size of
 * the batch: the rows travel as arrays, one parameter per column (`unnest`), so a batch of 200 costs
 * the database about what a batch of one does.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ledgerAccounts, spendingCaps } from '../db/schema/index.ts';
import type { Answer, ReplayScope } from './idempotency.ts';
import { keyOf } from './idempotency.ts';
import type { AccountRow, Leg, Tx } from './transfer.ts';

/** `unnest($1::t1[], $2::t2[], …)`: one parameter per column, one row per index. */
const unnest = (...columns: [values: readonly unknown[], type: string][]): SQL =>
  sql`unnest(${sql.join(
    columns.map(([values, type]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  )})`;
type Row = Record<string, unknown>;
/** node-postgres answers a QueryResult, PGlite its Results: both carry `rows`. */
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Claims the keys of `scopes` (distinct) in one INSERT, in (member, key) order so that two batches
 * claiming the same keys wait on each other in one direction only (on PostgreSQL a key another
 * transaction claimed and has not committed yet is waited for). Answers the keys claimed now and,
 * for each, a fresh journal id, ascending: the ids the batch's transfers will take.
 */
export async function claimKeys(tx: Tx, scopes: readonly ReplayScope[]): Promise<{ claimed: Set<string>; transferIds: number[] }> {
  if (scopes.length === 0) return { claimed: new Set(), transferIds: [] };
  const keys = unnest([scopes.map((s) => s.memberId), 'integer'], [scopes.map((s) => s.key), 'text'], [scopes.map((s) => s.hash), 'text']);
  const rows = rowsOf(
    await tx.execute(sql`
      insert into idempotency_keys (member_id, key, request_hash, status, response)
      select u.member_id, u.key, u.hash, 0, '{}'::jsonb
      from ${keys} as u(member_id, key, hash)
      order by u.member_id, u.key
      on conflict do nothing
      returning member_id, key, nextval(pg_get_serial_sequence('ledger_transfers', 'id')) as transfer_id`),
  );
  return {
    claimed: new Set(rows.map((r) => keyOf({ memberId: Number(r.member_id), key: String(r.key) }))),
    transferIds: rows.map((r) => Number(r.transfer_id)).sort((a, b) => a - b),
  };
}

export type CapsRow = typeof spendingCaps.$inferSelect;

/** Locks `ids` FOR UPDATE in id order (the ledger's one lock order), with the stored caps of each luv wallet's owner. */
export async function lockAccountsWithCaps(tx: Tx, ids: readonly number[]): Promise<Map<number, { account: AccountRow; caps: CapsRow | null }>> {
  const rows = await tx
    .select({ account: ledgerAccounts, caps: spendingCaps })
    .from(ledgerAccounts)
    .leftJoin(spendingCaps, and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.asset, 'luv'), eq(spendingCaps.memberId, ledgerAccounts.ownerId)))
    .where(inArray(ledgerAccounts.id, [...ids]))
    .orderBy(ledgerAccounts.id)
    .for('update', { of: ledgerAccounts });
  if (rows.length !== ids.length) throw new Error('ledger: unknown account');
  return new Map(rows.map((r) => [r.account.id, r]));
}

export interface BatchWrite {
  /** New cached balances of the locked accounts that changed. */
  balances: readonly (readonly [number, number])[];
  /** The journal rows, with the ids claimKeys() handed out. */
  transfers: readonly (Leg & { id: number })[];
  /** The first answer of every key claimed in this batch. */
  answers: readonly { scope: ReplayScope; answer: Answer }[];
}

/** Writes a batch's outcome in one statement: the balances, the journal rows and the stored answers. */
export async function writeBatch(tx: Tx, { balances, transfers, answers }: BatchWrite): Promise<void> {
  const accounts = unnest([balances.map(([id]) => id), 'integer'], [balances.map(([, balance]) => balance), 'bigint']);
  const journal = unnest(
    [transfers.map((l) => l.id), 'bigint'],
    [transfers.map((l) => l.debit), 'integer'],
    [transfers.map((l) => l.credit), 'integer'],
    [transfers.map((l) => l.amount), 'bigint'],
    [transfers.map((l) => l.asset), 'text'],
    [transfers.map((l) => l.code), 'text'],
    [transfers.map((l) => l.ref ?? null), 'text'],
    [transfers.map((l) => l.channelId ?? null), 'integer'],
    [transfers.map((l) => l.memo ?? null), 'text'],
  );
  const stored = unnest(
    [answers.map((a) => a.scope.memberId), 'integer'],
    [answers.map((a) => a.scope.key), 'text'],
    [answers.map((a) => a.answer.status), 'integer'],
    [answers.map((a) => JSON.stringify(a.answer.body)), 'text'],
  );
  await tx.execute(sql`
    with balances as (
      update ledger_accounts as a set balance = v.balance from ${accounts} as v(id, balance) where a.id = v.id
    ), journal as (
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, channel_id, memo)
      select * from ${journal}
    )
    update idempotency_keys as k set status = v.status, response = v.response::jsonb
    from ${stored} as v(member_id, key, status, response)
    where k.member_id = v.member_id and k.key = v.key`);
}
