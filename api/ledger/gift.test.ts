/**
 * Gift batches (api/ledger/gift.ts, gift-batcher.ts): each gift of a batch meets its own checks in
 * order and gets its own answer, a refusal in the middle refuses only that gift, keys repeated in a
 * batch or across batches take effect once, and a failing gift does not fail its batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { idempotencyKeys, ledgerTransfers } from '../db/schema/index.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId, balanceOf, createAccountIds } from './accounts.ts';
import { writeCaps } from './caps.ts';
import { applyGiftBatch, giftAccounts, type GiftAnswering, type GiftInput, type GiftRequest } from './gift.ts';
import { createGiftBatcher, type GiftBatcher } from './gift-batcher.ts';
import { requestHash } from './idempotency.ts';
import { checkLedger } from './invariants.ts';
import { postTransfers } from './transfer.ts';

const BJ = 9000;
let database: Database;
let issuance: number;
let nextMember = 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
});
afterAll(async () => {
  expect((await checkLedger(database.db)).problems).toEqual([]);
  await database.close();
});

/** A new member holding `luv`. */
async function member(luv: number): Promise<number> {
  const id = nextMember++;
  const wallet = await accountId(database.db, AccountKind.wallet, id, LUV);
  if (luv > 0)
    await database.db.transaction((tx) =>
      postTransfers(tx, [{ debit: issuance, credit: wallet, amount: luv, asset: LUV, code: TransferCode.seed }]),
    );
  return id;
}

/** The answer the send-luv route gives, in miniature: the result as it is. */
const answer: GiftAnswering = (_input, r) => (r.ok ? { status: 200, body: { ...r } } : { status: 409, body: { ...r } });

async function gift(from: number, amount: number, key: string, message = ''): Promise<GiftRequest> {
  const input: GiftInput = { fromMemberId: from, toMemberId: BJ, channelId: 1, asset: LUV, amount, message };
  return {
    scope: { memberId: from, key, hash: requestHash('test-gift', { amount, message }) },
    accounts: await giftAccounts(createAccountIds(database.db), input),
    input,
  };
}

const batch = (requests: GiftRequest[]) =>
  database.db.transaction((tx) => applyGiftBatch(tx, requests, new Date(), answer));
const luv = (id: number) => balanceOf(database.db, AccountKind.wallet, id, LUV);
const received = () => balanceOf(database.db, AccountKind.bjReceived, BJ, LUV);

describe('applyGiftBatch', () => {
  it('refuses only the gift that fails its checks, and tells each sender its own outcome', async () => {
    const [a, b, poor] = [await member(100), await member(100), await member(5)];
    const before = await received();
    const results = await batch([
      await gift(a, 10, 'k1'),
      await gift(poor, 6, 'k2'),
      await gift(b, 20, 'k3'),
      await gift(a, 30, 'k4'),
    ]);
    expect(results.map((r) => r.ok && r.answer.status)).toEqual([200, 409, 200, 200]);
    expect(results[1]).toEqual({
      ok: true,
      replayed: false,
      answer: { status: 409, body: { ok: false, code: 'insufficient_funds' } },
    });
    // Each sender is told its balance right after its own gift, not the batch's end.
    expect(results.map((r) => r.ok && r.answer.body.balance)).toEqual([90, undefined, 80, 60]);
    const ids = results
      .filter((r) => r.ok && r.answer.status === 200)
      .map((r) => (r.ok ? r.answer.body.transferId : 0)) as number[];
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const journal = await database.db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.id, ids));
    expect(journal.map((t) => [t.id, t.amount, t.code])).toEqual([
      [ids[0], 10, TransferCode.gift],
      [ids[1], 20, TransferCode.gift],
      [ids[2], 30, TransferCode.gift],
    ]);
    expect([await luv(a), await luv(b), await luv(poor), (await received()) - before]).toEqual([60, 80, 5, 60]);
    // The refusal is the key's first answer too.
    const [stored] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k2'));
    expect(stored).toMatchObject({ memberId: poor, status: 409, response: { code: 'insufficient_funds' } });
  });

  it('spends a wallet in order inside one batch: the gift that would overdraw is refused, later smaller ones pass', async () => {
    const s = await member(10);
    const results = await batch([
      await gift(s, 4, 'o1'),
      await gift(s, 4, 'o2'),
      await gift(s, 4, 'o3'),
      await gift(s, 2, 'o4'),
    ]);
    expect(results.map((r) => r.ok && r.answer.status)).toEqual([200, 200, 409, 200]);
    expect(await luv(s)).toBe(0);
  });

  it('counts the gifts of the batch against the sender’s spending cap as it goes', async () => {
    const s = await member(1000);
    await writeCaps(database.db, s, { dailyLuv: 10, monthlyLuv: null }, new Date());
    const results = await batch([
      await gift(s, 4, 'c1'),
      await gift(s, 4, 'c2'),
      await gift(s, 4, 'c3'),
      await gift(s, 2, 'c4'),
    ]);
    expect(results.map((r) => r.ok && r.answer.body)).toEqual([
      expect.objectContaining({ ok: true }),
      expect.objectContaining({ ok: true }),
      { ok: false, code: 'spending_cap_exceeded', period: 'daily', capLuv: 10 },
      expect.objectContaining({ ok: true }),
    ]);
    expect(await luv(s)).toBe(990);
    expect((await batch([await gift(s, 1, 'c5')]))[0]).toMatchObject({
      answer: { status: 409, body: { code: 'spending_cap_exceeded' } },
    });
  });

  it('runs a key once: repeats in the batch and after it replay the first answer, another body is refused', async () => {
    const s = await member(100);
    const first = await batch([
      await gift(s, 7, 'r1'),
      await gift(s, 7, 'r1'),
      await gift(s, 8, 'r1'),
      await gift(s, 1, 'r2'),
    ]);
    expect(first[0]).toMatchObject({ ok: true, replayed: false, answer: { status: 200 } });
    expect(first[1]).toEqual({ ok: true, replayed: true, answer: first[0]!.ok ? first[0]!.answer : null });
    expect(first[2]).toEqual({ ok: false, code: 'idempotency_key_reused' });
    const again = await batch([await gift(s, 7, 'r1'), await gift(s, 1, 'r2'), await gift(s, 2, 'r2')]);
    expect(again[0]).toEqual(first[1]);
    expect(again[1]).toMatchObject({ ok: true, replayed: true });
    expect(again[2]).toEqual({ ok: false, code: 'idempotency_key_reused' });
    expect(await luv(s)).toBe(92);
  });
});

describe('the batch functions (migration 0021)', () => {
  it('plan once per session and look every row up by its key, however small the tables were then', async () => {
    const rows = await database.db.execute(
      sql`select proname, proconfig from pg_proc where proname in ('gift_prepare', 'gift_write') order by proname`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual(
      ['gift_prepare', 'gift_write'].map((proname) => ({
        proname,
        proconfig: ['plan_cache_mode=force_generic_plan', 'enable_seqscan=off'],
      })),
    );
  });
});

describe('giftBatcher', () => {
  let batcher: GiftBatcher;
  beforeAll(() => {
    batcher = createGiftBatcher(database.db, answer);
  });

  it('answers every one of many concurrent gifts with its own outcome; the books add up', async () => {
    const senders = await Promise.all(Array.from({ length: 8 }, () => member(30)));
    const before = await received();
    const requests = await Promise.all(Array.from({ length: 80 }, (_, i) => gift(senders[i % 8]!, 4, `b-${i}`)));
    const results = await Promise.all(requests.map((r) => batcher.submit(r)));
    // 30 luv pays 7 gifts of 4 per sender; the 8th, 9th and 10th of each are refused.
    const ok = results.filter((r) => r.ok && r.answer.status === 200);
    expect(ok).toHaveLength(56);
    expect(results.filter((r) => r.ok && r.answer.status === 409)).toHaveLength(24);
    for (const s of senders) expect(await luv(s)).toBe(2);
    expect((await received()) - before).toBe(56 * 4);
  });

  // As every key-taking operation, a batch claims its keys before it locks any account: a key
  // another process claimed and has not committed yet is waited for, then answered as it was there.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'waits for a key another process is storing, then replays its answer; the rest of the batch goes on',
    async () => {
      const s = await member(20);
      const requests = [await gift(s, 5, 'x1'), await gift(s, 5, 'x2')];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let stored!: () => void;
      const inserted = new Promise<void>((resolve) => (stored = resolve));
      const elsewhere = database.db.transaction(async (tx) => {
        await tx
          .insert(idempotencyKeys)
          .values({ memberId: s, key: 'x1', requestHash: 'another request', status: 200, response: {} });
        stored();
        await held;
      });
      await inserted;
      const results = Promise.all(requests.map((r) => batcher.submit(r)));
      // The batch waits on key x1 at its claim.
      const waiting = async () =>
        Number(
          (
            (await database.db.execute(
              sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { n: string }[] }
          ).rows[0]!.n,
        );
      await expect.poll(waiting, { timeout: 5000 }).toBe(1);
      release();
      await elsewhere;
      expect(await results).toEqual([
        { ok: false, code: 'idempotency_key_reused' },
        expect.objectContaining({ ok: true, replayed: false }),
      ]);
      expect(await luv(s)).toBe(15);
    },
  );

  it('fails only the gift that throws: the rest of its batch goes through on its own', async () => {
    const s = await member(50);
    const good = await Promise.all([gift(s, 1, 'p1'), gift(s, 1, 'p2'), gift(s, 1, 'p3')]);
    const poison: GiftRequest = {
      ...(await gift(s, 1, 'p-bad')),
      accounts: { wallet: 99_999_999, received: good[0]!.accounts.received },
    };
    const outcomes = await Promise.allSettled([good[0], poison, good[1], good[2]].map((r) => batcher.submit(r!)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await luv(s)).toBe(47);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'p-bad'))).toEqual([]);
  });
});
