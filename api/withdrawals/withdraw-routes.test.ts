import { demoChannelId } from '../db/seed.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema/index.ts';
import { payoutPreview } from './payout.ts';
import { WITHDRAW_MIN_LUV } from '../../domain/limits.ts';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp({ checkLedger: true });
let channelId: number;
beforeAll(async () => {
  channelId = await demoChannelId(t.database.db);
  // The BJ receives 5,000 luv from viewer01.
  expect(
    (
      await t.as('viewer01')(
        'POST',
        '/api/lives/send-luv',
        { channelId, amount: 5000 },
        { 'idempotency-key': 'w-seed' },
      )
    ).status,
  ).toBe(200);
});

const received = async () =>
  (await t.as('bj0001')('GET', '/api/my/luv/received')).body as { luv: number; pending: number };
const account = {
  memberId: 0,
  phone: '010-1234-5678',
  bankCode: '004',
  bankHolderName: '데모BJ',
  bankAccount: '123-456-789012',
};

describe('payout account', () => {
  it('changes only after identity verification, only for oneself, and validates every field', async () => {
    expect(
      (await t.as('viewer01')('POST', '/api/cs/accountChange', { ...account, memberId: t.ids.viewer01 })).body.error,
    ).toBe('identity_verification_required');
    // Who may call is settled before the body: a member without PI learns nothing about the input.
    expect(await t.as('viewer01')('POST', '/api/cs/accountChange', {})).toMatchObject({
      status: 403,
      body: { error: 'identity_verification_required' },
    });
    for (const [field, value, code] of [
      ['phone', '02-123-4567', 'invalid_phone'],
      ['bankHolderName', ' ', 'invalid_holder'],
      ['bankAccount', '12-34', 'invalid_account'],
    ] as const)
      expect(
        (await t.as('bj0001')('POST', '/api/cs/accountChange', { ...account, memberId: t.ids.bj0001, [field]: value }))
          .body,
      ).toMatchObject({
        error: code,
        field,
      });
    expect(
      (await t.as('bj0001')('POST', '/api/cs/accountChange', { ...account, memberId: t.ids.viewer01 })).status,
    ).toBe(403);
    expect(
      (await t.as('bj0001')('POST', '/api/cs/accountChange', { ...account, memberId: t.ids.bj0001, bankCode: '999' }))
        .status,
    ).toBe(400);
    expect(
      (await t.as('bj0001')('POST', '/api/cs/accountChange', { ...account, memberId: t.ids.bj0001, bankAccount: '12' }))
        .status,
    ).toBe(400);
    const ok = await t.as('bj0001')('POST', '/api/cs/accountChange', { ...account, memberId: t.ids.bj0001 });
    expect(ok.status).toBe(200);
    expect(ok.body.bankAccount).toBe('********9012');
    expect((await t.as('bj0001')('GET', '/api/my/banks')).body.list).toContainEqual(
      expect.objectContaining({ bankCode: '004' }),
    );
  });
});

describe('withdrawals', () => {
  it('previews a payout that sums exactly', async () => {
    const res = await t.as('bj0001')('GET', '/api/my/luv/payout-preview?amount=1234');
    expect(res.body).toMatchObject(payoutPreview(1234));
    expect(res.body.feeWon + res.body.taxWon + res.body.netWon).toBe(res.body.grossWon);
    expect((await t.as('bj0001')('GET', '/api/my/luv/payout-preview?amount=1.5')).status).toBe(400);
  });

  it('holds on withdraw, returns on cancel, and replays the same key without a second hold', async () => {
    const before = await received();
    const w = await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount: 2000 }, { 'idempotency-key': 'wd-1' });
    expect(w.status).toBe(200);
    expect(
      await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount: 2000 }, { 'idempotency-key': 'wd-1' }),
    ).toEqual(w);
    expect(await received()).toEqual({ luv: before.luv - 2000, pending: before.pending + 2000 });
    const waiting = await t.as('bj0001')('GET', '/api/my/luv/waiting');
    expect(waiting.body.luv).toBe(2000);
    const id = w.body.withdrawal.withdrawId;
    expect(
      (await t.as('viewer01')('POST', '/api/my/luv/withdraw-cancel', { withdrawId: id }, { 'idempotency-key': 'wc-x' }))
        .status,
    ).toBe(404);
    const c = await t.as('bj0001')(
      'POST',
      '/api/my/luv/withdraw-cancel',
      { withdrawId: id },
      { 'idempotency-key': 'wc-1' },
    );
    expect(c.body.withdrawal.status).toBe('cancelled');
    expect(await received()).toEqual(before);
    expect(
      (await t.as('bj0001')('POST', '/api/my/luv/withdraw-cancel', { withdrawId: id }, { 'idempotency-key': 'wc-2' }))
        .body.withdrawal.status,
    ).toBe('cancelled');
    expect(await received()).toEqual(before);
    const list = await t.as('bj0001')('GET', '/api/my/luv/withdraw-list');
    expect(list.body.list[0]).toMatchObject({ withdrawId: id, status: 'cancelled', amount: 2000 });
  });

  it('posts concurrent approvals once, and cancel after approval is refused', async () => {
    const before = await received();
    const w = await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount: 1000 }, { 'idempotency-key': 'wd-2' });
    const id = w.body.withdrawal.withdrawId;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => t.as('viewer01')('POST', `/api/dev/withdrawals/${id}/approve`)),
    );
    for (const a of answers) expect(a.body.withdrawal.status).toBe('approved');
    expect(await received()).toEqual({ luv: before.luv - 1000, pending: before.pending });
    expect(
      (await t.as('bj0001')('POST', '/api/my/luv/withdraw-cancel', { withdrawId: id }, { 'idempotency-key': 'wc-3' }))
        .status,
    ).toBe(409);
    expect((await t.as('bj0001')('POST', `/api/operator/withdrawals/${id}/approve`)).status).toBe(403);
  });

  it('returns the luv when the bank fails', async () => {
    const before = await received();
    const w = await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount: 1000 }, { 'idempotency-key': 'wd-3' });
    await t.database.db.update(members).set({ memberType: 'O' }).where(eq(members.loginId, 'adult01'));
    expect(
      (await t.as('adult01')('POST', `/api/operator/withdrawals/${w.body.withdrawal.withdrawId}/fail`)).body.withdrawal
        .status,
    ).toBe('failed');
    expect(await received()).toEqual(before);
  });

  it('refuses bad amounts, below minimum, more than received, and non-broadcasters', async () => {
    for (const amount of [0, -1, 1.5, '1e3', 2 ** 53])
      expect(
        (await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount }, { 'idempotency-key': `wd-bad-${amount}` }))
          .status,
      ).toBe(400);
    const min = await t.as('bj0001')(
      'POST',
      '/api/my/luv/withdraw',
      { amount: WITHDRAW_MIN_LUV - 1 },
      { 'idempotency-key': 'wd-min', 'accept-language': 'en' },
    );
    expect(min.body).toMatchObject({ error: 'below_minimum', minimumLuv: WITHDRAW_MIN_LUV });
    expect(min.body.error_msg).toContain(String(WITHDRAW_MIN_LUV));
    const much = await t.as('bj0001')(
      'POST',
      '/api/my/luv/withdraw',
      { amount: 1_000_000 },
      { 'idempotency-key': 'wd-much', 'accept-language': 'en' },
    );
    expect(much).toMatchObject({ status: 409, body: { error: 'insufficient_funds', account: 'received' } });
    // Received luv, not the wallet: the text says so rather than "buy more".
    expect(much.body.error_msg).toMatch(/received/i);
    expect(
      (await t.as('viewer01')('POST', '/api/my/luv/withdraw', { amount: 1000 }, { 'idempotency-key': 'wd-viewer' }))
        .status,
    ).toBe(403);
  });

  it('answers an 8 MB body with 413 without reading it all, and holds nothing', async () => {
    const before = await received();
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"amount":1000,"pad":"${'x'.repeat(64 * 1024)}`);
    const eightMb = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 8 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/my/luv/withdraw', {
      method: 'POST',
      body: eightMb,
      headers: { cookie: await t.cookieOf('bj0001'), 'content-type': 'application/json', 'idempotency-key': 'wd-huge' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('payload_too_large');
    expect(pulled).toBeLessThan(256 * 1024);
    expect(await received()).toEqual(before);
  });
});

describe('exchange event', () => {
  it('tells rate, total and amount so far, and applies within the total', async () => {
    expect((await t.as('bj0001')('GET', '/api/my/luv/exchange/rate')).body.rateWonPerLuv).toBeGreaterThan(0);
    const now0 = (await t.as('bj0001')('GET', '/api/my/luv/exchange/amount/now')).body.luv;
    const a = await t.as('bj0001')(
      'POST',
      '/api/my/luv/exchange/apply',
      { amount: 1000 },
      { 'idempotency-key': 'ex-1' },
    );
    expect(a.status).toBe(200);
    expect(a.body.withdrawal.kind).toBe('exchange');
    expect((await t.as('bj0001')('GET', '/api/my/luv/exchange/amount/now')).body.luv).toBe(now0 + 1000);
    expect((await t.as('bj0001')('GET', '/api/my/luv/exchange/status')).body.list[0].status).toBe('pending');
  });

  it(
    'is refused with 403 feature_unavailable on a brand without the event, in the caller’s language, before ' +
      'anything is read or written',
    async () => {
      const now0 = (await t.as('bj0001')('GET', '/api/my/luv/exchange/amount/now')).body.luv;
      for (const brand of ['onion', 'hearheart', 'realtoon']) {
        for (const path of ['rate', 'amount/total', 'amount/now', 'status'])
          expect(
            (await t.as('bj0001')('GET', `/api/my/luv/exchange/${path}`, undefined, { 'x-brand': brand })).status,
          ).toBe(403);
        const apply = await t.as('bj0001')(
          'POST',
          '/api/my/luv/exchange/apply',
          { amount: 1000 },
          { 'x-brand': brand, 'idempotency-key': `ex-${brand}` },
        );
        expect(apply.status).toBe(403);
        expect(apply.body).toMatchObject({
          error: 'feature_unavailable',
          error_msg: '이 서비스에서는 제공하지 않는 기능입니다.',
        });
        // A guest and a body the route would refuse meet the same answer: the gate comes first.
        expect((await t.as(null)('POST', '/api/my/luv/exchange/apply', {}, { 'x-brand': brand })).status).toBe(403);
      }
      const en = await t.as('bj0001')('GET', '/api/my/luv/exchange/rate', undefined, {
        'x-brand': 'onion',
        'accept-language': 'en',
      });
      expect(en.body.error_msg).toBe('This feature is not offered on this service.');
      expect((await t.as('bj0001')('GET', '/api/my/luv/exchange/amount/now')).body.luv).toBe(now0);
      expect((await t.as('bj0001')('GET', '/api/my/luv/exchange/rate', undefined, { 'x-brand': 'coin' })).status).toBe(
        200,
      );
    },
  );
});
