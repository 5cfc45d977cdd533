import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authSettings } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { signIn } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const get = async (path: string, init: RequestInit = {}) => {
  const res = await t.app.request(path, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('guest lookups', () => {
  it.each([
    ['/api/guest/loginId/viewer01', 200, { result: 'exists', msg: 'ID that already exists.' }],
    ['/api/guest/loginId/freshid01', 200, { result: 'ok' }],
    [
      '/api/guest/loginId/12345678',
      400,
      { error: 'validation_failed', error_msg: 'ID (6~15 characters, alphanumeric)', field: 'id' },
    ],
    ['/api/guest/find-loginId/viewer01', 200, { result: 'exists' }],
    ['/api/guest/find-loginId/nobody00', 200, { result: 'notfound' }],
    [
      `/api/guest/nickname/${encodeURIComponent('시청자01')}`,
      200,
      { result: 'overlap', msg: 'Nickname that already exists.' },
    ],
    [`/api/guest/nickname/${encodeURIComponent('새닉네임')}`, 200, { result: 'ok' }],
    [
      '/api/guest/nickname/%3Cb%3E',
      400,
      { error: 'validation_failed', error_msg: expect.stringContaining('Nickname'), field: 'nick' },
    ],
    ['/api/guest/nickname/%E0%A4%A', 400, { error: 'bad_request', error_msg: 'The request is not valid.' }],
    ['/api/guest/refcode/bj0001', 200, { result: 'ok', loginId: 'bj0001', nickname: '데모BJ' }],
    ['/api/guest/refcode/none0000', 200, { result: 'notfound' }],
    ['/api/guest/findRecommender/bj0001', 200, { result: 'ok', loginId: 'bj0001' }],
    [
      '/api/guest/findRecommender/nobody00',
      200,
      { result: 'notfound', msg: 'The recommender ID you entered was not found.' },
    ],
  ])('%s → %i %j (English asked)', async (path, status, body) => {
    expect(await get(path, { headers: { 'accept-language': 'en' } })).toEqual({ status, body });
  });

  it.each([
    ['/api/guest/loginId/viewer01', 200, { result: 'exists', msg: '이미 존재하는 아이디입니다.' }],
    [
      '/api/guest/loginId/12345678',
      400,
      { error: 'validation_failed', error_msg: '아이디 (6~15자, 영문 소문자와 숫자)', field: 'id' },
    ],
    [
      `/api/guest/nickname/${encodeURIComponent('시청자01')}`,
      200,
      { result: 'overlap', msg: '이미 존재하는 닉네임입니다.' },
    ],
    [
      '/api/guest/findRecommender/nobody00',
      200,
      { result: 'notfound', msg: '입력하신 추천인 아이디를 찾을 수 없습니다.' },
    ],
  ])('%s → %i %j (Korean by default)', async (path, status, body) => {
    expect(await get(path)).toEqual({ status, body });
  });
});

describe('channel settings', () => {
  it('guests get the switches without bank fields; adult broadcasts are offered by default', async () => {
    const { body } = await get('/api/guest/channel-settings');
    expect(body).toEqual({
      broadcast: true,
      broadcasting: false,
      adultBroadcast: true,
      adultPlusBroadcast: true,
      isSnsLoginKakao: true,
      isSnsLoginNaver: true,
      isSnsLoginGoogle: true,
      isSnsLoginTwitch: true,
    });
  });

  it('the channel owner gets their channel state and the bank fields', async () => {
    const { cookie } = await signIn(t.app, 'bj0001');
    const { body } = await get('/api/guest/channel-settings', { headers: { cookie } });
    expect(body).toMatchObject({ broadcasting: true });
    expect(body).toHaveProperty('bank_account');
    const viewer = await signIn(t.app, 'viewer01');
    expect((await get('/api/guest/channel-settings', { headers: { cookie: viewer.cookie } })).body).not.toHaveProperty(
      'bank_account',
    );
  });

  it('reflects a provider switched off', async () => {
    await t.database.db
      .insert(authSettings)
      .values({ id: 1, isSnsLoginNaver: false })
      .onConflictDoUpdate({ target: authSettings.id, set: { isSnsLoginNaver: false } });
    expect((await get('/api/guest/channel-settings')).body.isSnsLoginNaver).toBe(false);
    await t.database.db.update(authSettings).set({ isSnsLoginNaver: true }).where(eq(authSettings.id, 1));
  });
});

describe('brand and geo-ip', () => {
  it('names the brand the worker sends, main otherwise', async () => {
    expect((await get('/api/guest/brand?locale=en', { headers: { 'x-brand': 'onion' } })).body).toMatchObject({
      id: 'onion',
      serviceName: 'Webtoon Onion Live',
    });
    expect((await get('/api/guest/brand', { headers: { 'x-brand': 'evil' } })).body).toMatchObject({
      id: 'main',
      serviceName: 'FLX TV',
    });
  });

  it('geo-ip reads the edge country header, KR by default', async () => {
    expect((await get('/api/auth/geo-ip')).body).toEqual({ countryCode: 'KR', isKorea: true });
    expect((await get('/api/auth/geo-ip', { headers: { 'cf-ipcountry': 'US' } })).body).toEqual({
      countryCode: 'US',
      isKorea: false,
    });
  });
});

describe('per-IP limits in production', () => {
  it('the 301st lookup in a minute from one IP waits (429 + Retry-After); another IP does not', async () => {
    const prod = await openTestApp({ env: { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      // A value that breaks the ID rule is answered without a query, but still counts.
      const lookup = (ip: string) =>
        prod.app.request('/api/guest/loginId/12345678', { headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 300; i += 1) expect((await lookup('198.51.100.7')).status).toBe(400);
      const refused = await lookup('198.51.100.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await lookup('198.51.100.8')).status).toBe(400);
    } finally {
      await prod.close();
    }
  }, 180_000);
});
