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

/**
 * What the store keeps for a key: the first answer's status and body, language-free (a refusal is its code and fields).
 */
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

/** A stored key's row (its first answer's status and body) as a StoredKey. */
export const storedKeyOf = (row: { requestHash: string; status: number; response: unknown }): StoredKey => ({
  requestHash: row.requestHash,
  answer: { status: row.status, body: row.response as Record<string, unknown> },
});

/** What a key that already holds `stored` answers to a request with `hash`. */
export function replayOf(stored: StoredKey, hash: string): IdempotentResult {
  return stored.requestHash === hash
    ? { ok: true, replayed: true, answer: stored.answer }
    : { ok: false, code: 'idempotency_key_reused' };
}

/** `member|key`: one key of one member, as a map key. */
export const keyOf = (scope: Pick<ReplayScope, 'memberId' | 'key'>): string => `${scope.memberId}|${scope.key}`;

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
  return new Map(rows.map((r) => [keyOf(r), storedKeyOf(r)]));
}

async function replay(tx: Tx, scope: ReplayScope): Promise<IdempotentResult> {
  const stored = (await storedKeys(tx, [scope])).get(keyOf(scope));
  if (!stored) throw new Error('idempotency: key vanished');
  return replayOf(stored, scope.hash);
}

/**
 * Runs `work` at most once per (member, key). A `work` answer with status ≥ 400 is stored too (it is
 * the first answer) but the transaction that ran the work is rolled back first, so a refusal never
 * leaves half an operation behind; the refusal is then stored in a transaction of its own.
 */
export async function runIdempotent(
  db: Db,
  scope: ReplayScope,
  work: (tx: Tx) => Promise<Answer>,
): Promise<IdempotentResult> {
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
        .values({
          memberId: scope.memberId,
          key: scope.key,
          requestHash: scope.hash,
          status: answer.status,
          response: answer.body,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      // A concurrent request with this key may have run in between: then its answer is the first one.
      return claimed.length ? { ok: true, replayed: false, answer } : replay(tx, scope);
    });
  }
}
