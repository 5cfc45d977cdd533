import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { SharedRateLimiter } from './shared-rate-limit.ts';

const rule = { limit: 3, windowMs: 60_000 };
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('SharedRateLimiter', () => {
  it('counts across limiters on one database, as several API processes would', async () => {
    const a = new SharedRateLimiter(database.db);
    const b = new SharedRateLimiter(database.db);
    expect([await a.take('shared', rule), await b.take('shared', rule), await a.take('shared', rule)]).toEqual([
      0, 0, 0,
    ]);
    const wait = await b.take('shared', rule);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(rule.windowMs);
    expect(await a.retryAfterMs('shared', rule)).toBeGreaterThan(0);
  });

  it('keeps keys apart, forgets a key on reset, and answers 0 for an unknown key', async () => {
    const l = new SharedRateLimiter(database.db);
    for (let i = 0; i < 3; i += 1) await l.hit('a', rule);
    expect(await l.retryAfterMs('a', rule)).toBeGreaterThan(0);
    expect(await l.retryAfterMs('b', rule)).toBe(0);
    await l.reset('a');
    expect(await l.retryAfterMs('a', rule)).toBe(0);
  });

  it('starts a new window once the old one has ended', async () => {
    const l = new SharedRateLimiter(database.db);
    const short = { limit: 1, windowMs: 50 };
    expect(await l.take('short', short)).toBe(0);
    expect(await l.take('short', short)).toBeGreaterThan(0);
    await expect.poll(() => l.retryAfterMs('short', short), { timeout: 10_000 }).toBe(0);
    expect(await l.take('short', short)).toBe(0);
  });

  it('gives exactly `limit` passes to concurrent takes', async () => {
    const l = new SharedRateLimiter(database.db);
    const waits = await Promise.all(Array.from({ length: 10 }, () => l.take('burst', rule)));
    expect(waits.filter((w) => w === 0)).toHaveLength(rule.limit);
  });
});
