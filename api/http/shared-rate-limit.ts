/**
 * Limits that guard secrets (sign-in, SMS codes, find ID / reset, sign-up, live passwords) must hold
 * across every API process: with counters in process memory, N processes behind a load balancer
 * would give an attacker N times the tries. These counters live in the database, one row per key,
 * updated in one atomic upsert, timed by the database clock (so processes never disagree).
 * Cheap anti-abuse limits (lookups, captcha challenges) stay in memory (api/http/rate-limit.ts).
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import type { LimitRule } from './rate-limit.ts';

/** One in this many hits also deletes expired rows, so the table stays small without a job. */
const PRUNE_ONE_IN = 200;

const msLeft = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`;

/** The counters of one database (`deps.sharedLimiter`). */
export class SharedRateLimiter {
  #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Milliseconds until `key` may act again under `rule`, 0 if it may now (does not count). */
  async retryAfterMs(key: string, rule: LimitRule): Promise<number> {
    const [row] = await this.#db
      .select({ count: rateLimits.count, wait: msLeft })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    return row && row.wait > 0 && row.count >= rule.limit ? row.wait : 0;
  }

  /** Counts one event for `key`; answers the count in the current window and the ms left in it. */
  async hit(key: string, rule: LimitRule): Promise<{ count: number; wait: number }> {
    if (Math.random() < 1 / PRUNE_ONE_IN) await this.#db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
    const expired = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await this.#db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`now() + ${`${rule.windowMs} milliseconds`}::interval` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, wait: msLeft });
    return row!;
  }

  /** Counts and answers in one step: the wait in ms if this event is over the limit, else 0. */
  async take(key: string, rule: LimitRule): Promise<number> {
    const { count, wait } = await this.hit(key, rule);
    return count > rule.limit ? Math.max(1, wait) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.#db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
