/** Every row of every table, to prove a refused or replayed request wrote nothing at all. */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../api/db/client.ts';
import * as schema from '../../api/db/schema/index.ts';

const TABLES = (Object.values(schema) as unknown[]).filter((x): x is PgTable => is(x, PgTable));

/** Table name → its rows as canonical JSON (order-independent). */
export async function snapshotDatabase(
  db: Db,
  skip: string[] = [],
  only: string[] | null = null,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const name = getTableName(table);
    if (skip.includes(name) || (only && !only.includes(name))) continue;
    let rows = (await db.select().from(table as never)) as Record<string, unknown>[];
    // Ledger accounts are created on first reference with a zero balance before any check runs;
    // an empty account moves nothing, so only accounts that hold something count.
    if (name.endsWith('accounts')) rows = rows.filter((r) => Number(r.balance) !== 0);
    out[name] = rows
      .map((r) => JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
      .sort();
  }
  return out;
}

export const tableCount = (): number => TABLES.length;
