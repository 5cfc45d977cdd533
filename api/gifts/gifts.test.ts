import { demoChannelId } from '../db/seed.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { GIFT_CONFIRM_THRESHOLD_LUV } from '../../domain/limits.ts';
import { idempotencyKeys, ledgerTransfers } from '../db/schema/index.ts';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp({ checkLedger: true });
let channelId: number;
beforeAll(async () => {
  channelId = await demoChannelId(t.database.db);
});
/** What the routes told chat rooms about gifts (deps.chat.publish). */
const announced = () => t.published.filter((e) => e.type === 'gift');

const balance = async (loginId: string) => (await t.as(loginId)('GET', '/api/my/luv/luv-sum')).body.luv as number;
const journalSize = async () => (await t.database.db.select({ n: count() }).from(ledgerTransfers))[0]!.n;
const keyCount = async () => (await t.database.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;
/** The member's access cookie, for requests whose headers the test reads. */

describe('POST /api/lives/send-luv', () => {
  it('moves luv to the BJ, answers the new balance and announces the gift once', async () => {
    const before = await balance('viewer01');
    const res = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 100, message: '화이팅' },
      { 'idempotency-key': 'g-1' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channelId, amount: 100, luv: before - 100 });
    expect(await balance('viewer01')).toBe(before - 100);
    expect(announced().filter((e) => e.data.transferId === res.body.transferId)).toEqual([
      {
        room: String(channelId),
        type: 'gift',
        data: {
          kind: 'luv',
          loginId: 'viewer01',
          nickname: expect.any(String),
          amount: 100,
          itemCode: null,
          message: '화이팅',
          transferId: res.body.transferId,
          at: expect.any(String),
        },
      },
    ]);
    const received = await t.as('bj0001')('GET', '/api/my/luv/receivedluv-list');
    expect(received.body.list[0]).toMatchObject({ amount: 100, loginId: 'viewer01', message: '화이팅', channelId });
    const sent = await t.as('viewer01')('GET', '/api/my/luv/sentluv-list');
    expect(sent.body.list[0]).toMatchObject({ amount: 100, loginId: 'bj0001' });
    const sum = await t.as('bj0001')('GET', '/api/my/luv/receivedluv-sum?days=7');
    expect(sum.body.total).toBeGreaterThanOrEqual(100);
    expect(sum.body.daily).toHaveLength(7);
    expect(sum.body.daily.at(-1).luv).toBe(sum.body.today);
  });

  it('answers a repeat of the same key with the first answer and moves nothing, even 20 times at once', async () => {
    const before = await balance('viewer01');
    const body = { channelId, amount: 7, message: '' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.as('viewer01')('POST', '/api/lives/send-luv', body, { 'idempotency-key': 'g-repeat' }),
      ),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(await t.as('viewer01')('POST', '/api/lives/send-luv', body, { 'idempotency-key': 'g-repeat' })).toEqual(
        answers[0],
      );
    expect(await balance('viewer01')).toBe(before - 7);
    expect(announced().filter((e) => e.data.transferId === answers[0]!.body.transferId)).toHaveLength(1);
  });

  it('refuses the same key with another body (409) without effect', async () => {
    const before = await balance('viewer01');
    const journal = await journalSize();
    const res = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 8, message: '' },
      { 'idempotency-key': 'g-repeat' },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'idempotency_key_reused', error_msg: expect.stringMatching(/[가-힣]/) });
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
    const res = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount, message: '' },
      { 'idempotency-key': `g-bad-${String(amount)}` },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_amount', error_msg: expect.any(String) });
    expect(await journalSize()).toBe(journal);
    expect(await keyCount()).toBe(keys);
  });

  it('answers 400 to a gift to oneself and writes nothing', async () => {
    const journal = await journalSize();
    const res = await t.as('bj0001')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 1, message: '' },
      { 'idempotency-key': 'g-self' },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('self_gift');
    expect(await journalSize()).toBe(journal);
  });

  it('answers 400 without a key or with bad JSON, 404 for an unknown channel, 401 for guests', async () => {
    expect((await t.as('viewer01')('POST', '/api/lives/send-luv', { channelId, amount: 1 })).body.error).toBe(
      'idempotency_key_required',
    );
    expect(
      (await t.as('viewer01')('POST', '/api/lives/send-luv', '{"channelId":', { 'idempotency-key': 'g-json' })).status,
    ).toBe(400);
    expect(
      (await t.as('viewer01')('POST', '/api/lives/send-luv', '[1,2]', { 'idempotency-key': 'g-json2' })).status,
    ).toBe(400);
    expect(
      (
        await t.as('viewer01')(
          'POST',
          '/api/lives/send-luv',
          { channelId: 999999, amount: 1 },
          { 'idempotency-key': 'g-nochan' },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.as(null)('POST', '/api/lives/send-luv', { channelId, amount: 1 }, { 'idempotency-key': 'g-guest' }))
        .status,
    ).toBe(401);
  });

  it('answers 409 insufficient_funds (translated) and keeps the balance', async () => {
    const before = await balance('viewer02');
    const res = await t.as('viewer02')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: before + 1, confirmations: 2 },
      { 'idempotency-key': 'g-poor', cookie: 'locale=en' },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'insufficient_funds',
      error_msg: expect.stringContaining('You do not have enough luv'),
    });
    expect(await balance('viewer02')).toBe(before);
  });

  it('stores a refusal as its code and fields, so a replay reads in the language of whoever replays it', async () => {
    const before = await balance('viewer02');
    const gift = { channelId, amount: before + 1, confirmations: 2 };
    const first = await t.as('viewer02')('POST', '/api/lives/send-luv', gift, {
      'idempotency-key': 'g-poor-replay',
      cookie: 'locale=ko',
    });
    expect(first.status).toBe(409);
    expect(first.body.error_msg).toMatch(/러브 잔액이 부족합니다/);
    const english = await t.app.request('/api/lives/send-luv', {
      method: 'POST',
      headers: {
        cookie: `${await t.cookieOf('viewer02')}`,
        'accept-language': 'en-US,en;q=0.9',
        'content-type': 'application/json',
        'idempotency-key': 'g-poor-replay',
      },
      body: JSON.stringify(gift),
    });
    expect(english.status).toBe(409);
    expect(english.headers.get('idempotent-replayed')).toBe('true');
    expect(await english.json()).toEqual({
      error: 'insufficient_funds',
      error_msg: expect.stringContaining('You do not have enough luv'),
    });
    const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'g-poor-replay'));
    expect(row).toMatchObject({ status: 409, response: { error: 'insufficient_funds' } });
    expect(await balance('viewer02')).toBe(before);
  });

  it('refuses a NUL in the message with 400 and writes nothing, not even the key', async () => {
    const journal = await journalSize();
    const keys = await keyCount();
    const res = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 1, message: 'hi\u0000there' },
      { 'idempotency-key': 'g-nul' },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'control_characters' } });
    expect(await journalSize()).toBe(journal);
    expect(await keyCount()).toBe(keys);
    expect(announced().filter((e) => e.data.message.includes('there'))).toEqual([]);
  });

  it('answers 400 to a message over the limit, in the caller’s language', async () => {
    const res = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 1, message: 'x'.repeat(101) },
      {
        'idempotency-key': 'g-long',
        ...{
          'accept-language': 'en',
        },
      },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_message', field: 'message' } });
    expect(res.body.error_msg).toMatch(/100/);
  });

  it('needs two confirmations at or above the threshold', async () => {
    const first = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: GIFT_CONFIRM_THRESHOLD_LUV },
      { 'idempotency-key': 'g-big' },
    );
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ error: 'confirmation_required', threshold: GIFT_CONFIRM_THRESHOLD_LUV });
    const second = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: GIFT_CONFIRM_THRESHOLD_LUV, confirmations: 2 },
      { 'idempotency-key': 'g-big' },
    );
    expect(second.status).toBe(200);
  });

  it('lets 50 concurrent sends of 100 from a wallet of 1,000 succeed exactly 10 times', async () => {
    // viewer02 gives away everything above 1,000 first.
    const extra = (await balance('viewer02')) - 1000;
    if (extra > 0)
      expect(
        (
          await t.as('viewer02')(
            'POST',
            '/api/lives/send-luv',
            { channelId, amount: extra, confirmations: 2 },
            { 'idempotency-key': 'g-drain' },
          )
        ).status,
      ).toBe(200);
    expect(await balance('viewer02')).toBe(1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.as('viewer02')(
          'POST',
          '/api/lives/send-luv',
          { channelId, amount: 100 },
          { 'idempotency-key': `g-race-${i}` },
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
    expect(await balance('viewer02')).toBe(0);
  });
});

describe('spending caps', () => {
  it('lowers at once, raises after 24 h, and refuses a gift over the cap with 409 and a translated reason', async () => {
    const set = await t.as('viewer01')('PUT', '/api/my/luv/spending-caps', { dailyLuv: 50, monthlyLuv: null });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ dailyLuv: 50, monthlyLuv: null, pending: null });
    const before = await balance('viewer01');
    const over = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 51 },
      { 'idempotency-key': 'cap-1', cookie: 'locale=ko' },
    );
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'spending_cap_exceeded', period: 'daily', capLuv: 50 });
    expect(over.body.error_msg).toContain('오늘의 러브 사용 한도(50)');
    expect(await balance('viewer01')).toBe(before);
    const raise = await t.as('viewer01')('PUT', '/api/my/luv/spending-caps', { dailyLuv: 100000, monthlyLuv: null });
    expect(raise.body).toMatchObject({ dailyLuv: 50, pending: { dailyLuv: 100000 } });
    expect(
      (await t.as('viewer01')('POST', '/api/lives/send-luv', { channelId, amount: 51 }, { 'idempotency-key': 'cap-2' }))
        .status,
    ).toBe(409);
    expect(
      (await t.as('viewer01')('PUT', '/api/my/luv/spending-caps', { dailyLuv: null, monthlyLuv: null })).body.dailyLuv,
    ).toBe(50);
    expect(
      (await t.as('viewer01')('PUT', '/api/my/luv/spending-caps', { dailyLuv: -1, monthlyLuv: null })).status,
    ).toBe(400);
  });
});
