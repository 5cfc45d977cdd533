import { demoChannelId } from '../../db/seed.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { idempotencyKeys, ledgerTransfers } from '../../db/schema/index.ts';
import { onGift, type GiftEvent } from '../../ledger/events.ts';
import { useLedgerTestApp } from '../../testing/ledger-test-app.ts';
import { GIFT_CONFIRM_THRESHOLD_LUV } from '../../ledger/settings.ts';

const t = useLedgerTestApp();
let channelId: number;
const events: GiftEvent[] = [];
let stop: () => void;
beforeAll(async () => {
  channelId = await demoChannelId(t.database.db);
  stop = onGift((e) => events.push(e));
});
afterAll(() => stop());

const balance = async (loginId: string) => (await t.call(loginId, 'GET', '/api/my/luv/luv-sum')).body.luv as number;
const journalSize = async () => (await t.database.db.select({ n: count() }).from(ledgerTransfers))[0]!.n;
const keyCount = async () => (await t.database.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;

describe('POST /api/lives/send-luv', () => {
  it('moves luv to the BJ, answers the new balance and announces the gift once', async () => {
    const before = await balance('viewer01');
    const res = await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: 100, message: '화이팅' }, 'g-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channelId, amount: 100, luv: before - 100 });
    expect(await balance('viewer01')).toBe(before - 100);
    expect(events.filter((e) => e.transferId === res.body.transferId)).toEqual([
      expect.objectContaining({ kind: 'luv', channelId, amount: 100, message: '화이팅', fromLoginId: 'viewer01', toMemberId: t.ids.bj0001 }),
    ]);
    const received = await t.call('bj0001', 'GET', '/api/my/luv/receivedluv-list');
    expect(received.body.list[0]).toMatchObject({ amount: 100, loginId: 'viewer01', message: '화이팅', channelId });
    const sent = await t.call('viewer01', 'GET', '/api/my/luv/sentluv-list');
    expect(sent.body.list[0]).toMatchObject({ amount: 100, loginId: 'bj0001' });
    const sum = await t.call('bj0001', 'GET', '/api/my/luv/receivedluv-sum?days=7');
    expect(sum.body.total).toBeGreaterThanOrEqual(100);
    expect(sum.body.daily).toHaveLength(7);
    expect(sum.body.daily.at(-1).luv).toBe(sum.body.today);
  });

  it('answers a repeat of the same key with the first answer and moves nothing, even 20 times at once', async () => {
    const before = await balance('viewer01');
    const body = { channelId, amount: 7, message: '' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('viewer01', 'POST', '/api/lives/send-luv', body, 'g-repeat')));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    for (let i = 0; i < 5; i++) expect(await t.call('viewer01', 'POST', '/api/lives/send-luv', body, 'g-repeat')).toEqual(answers[0]);
    expect(await balance('viewer01')).toBe(before - 7);
    expect(events.filter((e) => e.transferId === answers[0]!.body.transferId)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) without effect', async () => {
    const before = await balance('viewer01');
    const journal = await journalSize();
    const res = await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: 8, message: '' }, 'g-repeat');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('idempotency_key_reused');
    expect(await balance('viewer01')).toBe(before);
    expect(await journalSize()).toBe(journal);
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['"1e3"', '1e3'],
    ['2^53', 2 ** 53],
    ['"100"', '100'],
    ['null', null],
    ['NaN as a string', 'NaN'],
  ])('answers 400 to amount %s and writes nothing', async (_name, amount) => {
    const journal = await journalSize();
    const keys = await keyCount();
    const res = await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount, message: '' }, `g-bad-${String(amount)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_amount', error_msg: expect.any(String) });
    expect(await journalSize()).toBe(journal);
    expect(await keyCount()).toBe(keys);
  });

  it('answers 400 to a gift to oneself and writes nothing', async () => {
    const journal = await journalSize();
    const res = await t.call('bj0001', 'POST', '/api/lives/send-luv', { channelId, amount: 1, message: '' }, 'g-self');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('self_gift');
    expect(await journalSize()).toBe(journal);
  });

  it('answers 400 without a key or with bad JSON, 404 for an unknown channel, 401 for guests', async () => {
    expect((await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: 1 })).body.error).toBe('idempotency_key_required');
    expect((await t.call('viewer01', 'POST', '/api/lives/send-luv', '{"channelId":', 'g-json')).status).toBe(400);
    expect((await t.call('viewer01', 'POST', '/api/lives/send-luv', '[1,2]', 'g-json2')).status).toBe(400);
    expect((await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId: 999999, amount: 1 }, 'g-nochan')).status).toBe(404);
    expect((await t.call(null, 'POST', '/api/lives/send-luv', { channelId, amount: 1 }, 'g-guest')).status).toBe(401);
  });

  it('answers 409 insufficient_funds (translated) and keeps the balance', async () => {
    const before = await balance('viewer02');
    const res = await t.call('viewer02', 'POST', '/api/lives/send-luv', { channelId, amount: before + 1, confirmations: 2 }, 'g-poor', { cookie: 'locale=en' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'insufficient_funds', error_msg: 'You do not have enough luv. Buy luv and try again.' });
    expect(await balance('viewer02')).toBe(before);
  });

  it('needs two confirmations at or above the threshold', async () => {
    const first = await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: GIFT_CONFIRM_THRESHOLD_LUV }, 'g-big');
    expect(first.status).toBe(409);
    expect(first.body.error).toBe('confirmation_required');
    const second = await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: GIFT_CONFIRM_THRESHOLD_LUV, confirmations: 2 }, 'g-big');
    expect(second.status).toBe(200);
  });

  it('lets 50 concurrent sends of 100 from a wallet of 1,000 succeed exactly 10 times', async () => {
    // viewer02 gives away everything above 1,000 first.
    const extra = (await balance('viewer02')) - 1000;
    if (extra > 0)
      expect((await t.call('viewer02', 'POST', '/api/lives/send-luv', { channelId, amount: extra, confirmations: 2 }, 'g-drain')).status).toBe(200);
    expect(await balance('viewer02')).toBe(1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.call('viewer02', 'POST', '/api/lives/send-luv', { channelId, amount: 100 }, `g-race-${i}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
    expect(await balance('viewer02')).toBe(0);
  });
});

describe('spending caps', () => {
  it('lowers at once, raises after 24 h, and refuses a gift over the cap with 409 and a translated reason', async () => {
    const set = await t.call('viewer01', 'PUT', '/api/my/luv/spending-caps', { dailyLuv: 50, monthlyLuv: null });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ dailyLuv: 50, monthlyLuv: null, pending: null });
    const before = await balance('viewer01');
    const over = await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: 51 }, 'cap-1', { cookie: 'locale=ko' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'spending_cap_exceeded', period: 'daily', capLuv: 50 });
    expect(over.body.error_msg).toContain('한도');
    expect(await balance('viewer01')).toBe(before);
    const raise = await t.call('viewer01', 'PUT', '/api/my/luv/spending-caps', { dailyLuv: 100000, monthlyLuv: null });
    expect(raise.body).toMatchObject({ dailyLuv: 50, pending: { dailyLuv: 100000 } });
    expect((await t.call('viewer01', 'POST', '/api/lives/send-luv', { channelId, amount: 51 }, 'cap-2')).status).toBe(409);
    expect((await t.call('viewer01', 'PUT', '/api/my/luv/spending-caps', { dailyLuv: null, monthlyLuv: null })).body.dailyLuv).toBe(50);
    expect((await t.call('viewer01', 'PUT', '/api/my/luv/spending-caps', { dailyLuv: -1, monthlyLuv: null })).status).toBe(400);
  });
});
