/**
 * The two calls of a gift batch (api/ledger/gift.ts), to the functions of migration 0021. Each is one
 * round trip whatever the size of the batch: the rows travel as arrays, one parameter per column,
 * so a batch of 200 costs the database little more than a batch of one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { spendingCaps } from '../db/schema/index.ts';
import type { Answer, ReplayScope, StoredKey } from './idempotency.ts';
import { keyOf, storedKeyOf } from './idempotency.ts';
import type { AccountRow, Leg, Tx } from './transfer.ts';

/** `name($1::t1[], $2::t2[], …)`: a call of a batch function (migration 0021), one array parameter per column. */
const call = (name: string, ...columns: [values: readonly unknown[], type: string][]): SQL =>
  sql`${sql.raw(name)}(${sql.join(
    columns.map(([values, type]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  )})`;
type Row = Record<string, unknown>;
/** node-postgres answers a QueryResult, PGlite its Results: both carry `rows`. */
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

export type CapsRow = typeof spendingCaps.$inferSelect;

export interface PreparedBatch {
  /** The keys claimed now (`member|key`): their gifts run in this batch. */
  claimed: Set<string>;
  /** A fresh journal id for each key claimed now, ascending: the ids the batch's transfers will take. */
  transferIds: number[];
  /** The locked accounts, with the stored caps of each luv wallet's owner. */
  accounts: Map<number, { account: AccountRow; caps: CapsRow | null }>;
  /** The first answers of the batch's keys that were already there. */
  stored: Map<string, StoredKey>;
}

type JsonAccount = Omit<AccountRow, 'createdAt'> & {
  createdAt: string;
  caps: (Omit<CapsRow, 'pendingFrom' | 'updatedAt'> & { pendingFrom: string | null; updatedAt: string }) | null;
};
type JsonKey = { memberId: number; key: string; requestHash: string; status: number; response: unknown };

/**
 * Claims the keys of `scopes` (distinct) in (member, key) order, handing out a journal id per key
 * claimed now (on PostgreSQL a key another transaction claimed and has not committed yet is waited
 * for); then locks `accountIds` FOR UPDATE in id order (the ledger's one lock order) and reads the
 * first answers of the keys that were already there: one call.
 */
export async function prepareBatch(
  tx: Tx,
  accountIds: readonly number[],
  scopes: readonly ReplayScope[],
): Promise<PreparedBatch> {
  const prepare = call(
    'gift_prepare',
    [accountIds, 'integer'],
    [scopes.map((s) => s.memberId), 'integer'],
    [scopes.map((s) => s.key), 'text'],
    [scopes.map((s) => s.hash), 'text'],
  );
  const [row] = rowsOf(await tx.execute(sql`select ${prepare} as batch`));
  // node-postgres and PGlite both parse a json column.
  const batch = row!.batch as {
    claimed: { memberId: number; key: string; transferId: number }[];
    accounts: JsonAccount[];
    stored: JsonKey[];
  };
  if (batch.accounts.length !== accountIds.length) throw new Error('ledger: unknown account');
  return {
    claimed: new Set(batch.claimed.map((k) => keyOf(k))),
    transferIds: batch.claimed.map((k) => Number(k.transferId)).sort((a, b) => a - b),
    accounts: new Map(
      batch.accounts.map(({ caps, createdAt, ...account }) => [
        account.id,
        {
          account: { ...account, createdAt: new Date(createdAt) },
          caps: caps && {
            ...caps,
            pendingFrom: caps.pendingFrom === null ? null : new Date(caps.pendingFrom),
            updatedAt: new Date(caps.updatedAt),
          },
        },
      ]),
    ),
    stored: new Map(batch.stored.map((k) => [keyOf(k), storedKeyOf(k)])),
  };
}

export interface BatchWrite {
  /** The first answer of every key claimed in this batch. */
  answers: readonly { scope: ReplayScope; answer: Answer }[];
  /** The journal rows, with the ids prepareBatch() handed out. */
  transfers: readonly (Leg & { id: number })[];
  /** New cached balances of the locked accounts that changed. */
  balances: readonly (readonly [number, number])[];
}

/**
 * Writes a batch's outcome in one call: the first answers under the claimed keys, the journal rows and the balances.
 */
export async function writeBatch(tx: Tx, { answers, transfers, balances }: BatchWrite): Promise<void> {
  const write = call(
    'gift_write',
    [answers.map((a) => a.scope.memberId), 'integer'],
    [answers.map((a) => a.scope.key), 'text'],
    [answers.map((a) => a.answer.status), 'integer'],
    [answers.map((a) => JSON.stringify(a.answer.body)), 'text'],
    [transfers.map((l) => l.id), 'bigint'],
    [transfers.map((l) => l.debit), 'integer'],
    [transfers.map((l) => l.credit), 'integer'],
    [transfers.map((l) => l.amount), 'bigint'],
    [transfers.map((l) => l.asset), 'text'],
    [transfers.map((l) => l.code), 'text'],
    [transfers.map((l) => l.ref ?? null), 'text'],
    [transfers.map((l) => l.channelId ?? null), 'integer'],
    [transfers.map((l) => l.memo ?? null), 'text'],
    [balances.map(([id]) => id), 'integer'],
    [balances.map(([, balance]) => balance), 'bigint'],
  );
  await tx.execute(sql`select ${write}`);
}
