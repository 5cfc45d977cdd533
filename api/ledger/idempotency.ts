/**
 * Exactly-once money operations (Stripe-style idempotency, docs/LEDGER.md):
 * the client makes the key and keeps it across retries; the first request with a key runs the work
 * and stores its answer with a hash of the request, in the same transaction as the money it moved.
 * A repeat with the same hash gets the stored answer; with another hash, the result code
 * `idempotency_key_reused` and no effect. Concurrent repeats on PostgreSQL wait on the key's
 * unique index until the first commits.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { Tx } from './transfer.ts';

export const IDEMPOTENCY_KEY_LENGTH_MAX = 255;

/** What the store keeps for a key: the first answer's status and body, language-free (a refusal is its code and fields). */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export type IdempotentResult =
  /** `replayed`: the answer was stored by an earlier request with this key and body (nothing ran now). */
  | { ok: true; replayed: boolean; answer: Answer }
  /** The key was used for another request (operation or body): nothing ran. */
  | { ok: false; code: 'idempotency_key_reused' };

/** The key must be 1..255 visible ASCII characters; null when it is not. */
export function parseIdempotencyKey(raw: string | undefined | null): string | null {
  if (!raw || raw.length > IDEMPOTENCY_KEY_LENGTH_MAX || !/^[\x21-\x7e]+$/.test(raw)) return null;
  return raw;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** sha256 over the operation name and the body with sorted keys (so key order does not matter). */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\n')
    .update(JSON.stringify(canonical(body) ?? null))
    .digest('hex');
}

class Refused extends Error {
  readonly answer: Answer;
  constructor(answer: Answer) {
    super('refused');
    this.answer = answer;
  }
}

/** One request under a key: the member whose key it is, the key, and the hash of the request. */
export type ReplayScope = { memberId: number; key: string; hash: string };

/** The first answer stored under a key, and the hash of the request it answered. */
export interface StoredKey {
  requestHash: string;
  answer: Answer;
}

/** What a key that already holds `stored` answers to a request with `hash`. */
export function replayOf(stored: StoredKey, hash: string): IdempotentResult {
  return stored.requestHash === hash ? { ok: true, replayed: true, answer: stored.answer } : { ok: false, code: 'idempotency_key_reused' };
}

/** `member|key`: one key of one member, as a map key. */
export const keyOf = (scope: Pick<ReplayScope, 'memberId' | 'key'>): string => `${scope.memberId}|${scope.key}`;

/**
 * Claims the keys of `scopes` (distinct) in one INSERT, in (member, key) order so that two batches
 * claiming the same keys wait on each other in one direction only; answers the keys claimed now.
 * On PostgreSQL a key another transaction claimed and has not committed yet is waited for.
 */
export async function claimKeys(tx: Tx, scopes: readonly ReplayScope[]): Promise<Set<string>> {
  if (scopes.length === 0) return new Set();
  const ordered = [...scopes].sort((a, b) => a.memberId - b.memberId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(ordered.map((s) => ({ memberId: s.memberId, key: s.key, requestHash: s.hash, status: 0, response: {} })))
    .onConflictDoNothing()
    .returning({ memberId: idempotencyKeys.memberId, key: idempotencyKeys.key });
  return new Set(claimed.map(keyOf));
}

/** The stored first answers of keys (one query). */
export async function storedKeys(tx: Tx, scopes: readonly ReplayScope[]): Promise<Map<string, StoredKey>> {
  if (scopes.length === 0) return new Map();
  const pairs = sql.join(
    scopes.map((s) => sql`(${s.memberId}::integer, ${s.key}::text)`),
    sql`, `,
  );
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(sql`(${idempotencyKeys.memberId}, ${idempotencyKeys.key}) in (${pairs})`);
  return new Map(rows.map((r) => [keyOf(r), { requestHash: r.requestHash, answer: { status: r.status, body: r.response as Record<string, unknown> } }]));
}

/** Stores the first answers of keys claimed in this transaction (one statement). */
export async function storeAnswers(tx: Tx, entries: readonly { scope: ReplayScope; answer: Answer }[]): Promise<void> {
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(({ scope, answer }) => sql`(${scope.memberId}::integer, ${scope.key}::text, ${answer.status}::integer, ${JSON.stringify(answer.body)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(
    sql`update idempotency_keys as k set status = v.status, response = v.response from (values ${values}) as v(member_id, key, status, response) where k.member_id = v.member_id and k.key = v.key`,
  );
}

async function replay(tx: Tx, scope: ReplayScope): Promise<IdempotentResult> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, scope.memberId), eq(idempotencyKeys.key, scope.key)));
  if (!row) throw new Error('idempotency: key vanished');
  if (row.requestHash !== scope.hash) return { ok: false, code: 'idempotency_key_reused' };
  return { ok: true, replayed: true, answer: { status: row.status, body: row.response as Record<string, unknown> } };
}

/**
 * Runs `work` at most once per (member, key). A `work` answer with status ≥ 400 is stored too (it is
 * the first answer) but the transaction that ran the work is rolled back first, so a refusal never
 * leaves half an operation behind; the refusal is then stored in a transaction of its own.
 */
export async function runIdempotent(db: Db, scope: ReplayScope, work: (tx: Tx) => Promise<Answer>): Promise<IdempotentResult> {
  const where = and(eq(idempotencyKeys.memberId, scope.memberId), eq(idempotencyKeys.key, scope.key));
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ memberId: scope.memberId, key: scope.key, requestHash: scope.hash, status: 0, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return replay(tx, scope);
      const answer = await work(tx);
      if (answer.status >= 400) throw new Refused(answer);
      await tx.update(idempotencyKeys).set({ status: answer.status, response: answer.body }).where(where);
      return { ok: true, replayed: false, answer };
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    const { answer } = err;
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ memberId: scope.memberId, key: scope.key, requestHash: scope.hash, status: answer.status, response: answer.body })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      // A concurrent request with this key may have run in between: then its answer is the first one.
      return claimed.length ? { ok: true, replayed: false, answer } : replay(tx, scope);
    });
  }
}
