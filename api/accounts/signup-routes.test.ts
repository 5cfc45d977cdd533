import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueVerificationToken } from './verification-tokens.ts';
import { members } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { jsonInit, setCookies } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

let n = 0;
const unique = () => {
  n += 1;
  return { loginId: `newbie${String(n).padStart(3, '0')}`, nickname: `새회원${n}` };
};
const domestic = (over: Record<string, unknown> = {}) => ({
  ...unique(),
  password: 'abcd123$',
  passwordConfirm: 'abcd123$',
  agreeTerms: true,
  agreePrivacy: true,
  device: 'PCWEB',
  ...over,
});
const post = (body: unknown, ip = '172.16.0.1', headers: Record<string, string> = {}) =>
  t.app.request('/api/auth/signup', jsonInit('POST', body, { 'x-forwarded-for': ip, ...headers }));
const EN = { 'accept-language': 'en' };

describe('POST /api/auth/signup (domestic)', () => {
  it('creates the member, strips whitespace and signs them in', async () => {
    const body = domestic({ loginId: ' spaced01 ', nickname: ' 띄어 쓰기 ' });
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, loginId: 'spaced01', nickname: '띄어쓰기' });
    expect(setCookies(res).flx_oauth_access?.value).toBeTruthy();
    const [row] = await t.database.db.select().from(members).where(eq(members.loginId, 'spaced01'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ loginId: '' }, 'Please check ID.', 'loginId'],
    [{ loginId: 'short' }, 'ID (6~15 characters, alphanumeric)', 'loginId'],
    [{ loginId: '123456789' }, 'ID (6~15 characters, alphanumeric)', 'loginId'],
    [{ loginId: 'UPPERcase1' }, 'ID (6~15 characters, alphanumeric)', 'loginId'],
    [{ password: '', passwordConfirm: '' }, 'Please check password.', 'password'],
    [
      { password: 'abcdefgh', passwordConfirm: 'abcdefgh' },
      'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
      'password',
    ],
    [
      { password: 'abcd1234$abcd1234', passwordConfirm: 'abcd1234$abcd1234' },
      'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
      'password',
    ],
    [{ passwordConfirm: 'zzzz123$' }, 'The password does not match.', undefined],
    [{ nickname: '' }, 'Please check nickname.', 'nickname'],
    [{ agreePrivacy: false }, 'You must agree to the required terms.', undefined],
    [{ agreeTerms: undefined }, 'You must agree to the required terms.', undefined],
    [{ device: 'IPHONE' }, 'device must be MOBILEWEB or PCWEB.', 'device'],
  ])('refuses %j with 400 and the §5 text (English asked)', async (over, message, field) => {
    const res = await post(domestic(over), undefined, EN);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'validation_failed', error_msg: message, ...(field ? { field } : {}) });
  });

  it.each([
    [{ loginId: '' }, '아이디를 확인해주세요.'],
    [{ agreePrivacy: false }, '필수약관에 동의해주셔야 합니다.'],
    [{ passwordConfirm: 'zzzz123$' }, '비밀번호가 일치하지 않습니다.'],
  ])('answers %j in Korean by default, with the same code', async (over, message) => {
    const res = await post(domestic(over));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'validation_failed', error_msg: message });
  });

  it('refuses an existing ID or nickname with 409 and the §5 text', async () => {
    const idTaken = await post(domestic({ loginId: 'viewer01' }), undefined, EN);
    expect(idTaken.status).toBe(409);
    expect(await idTaken.json()).toEqual({ error: 'login_id_exists', error_msg: 'ID that already exists.' });
    const nickTaken = await post(domestic({ nickname: '시청자01' }));
    expect(nickTaken.status).toBe(409);
    expect(await nickTaken.json()).toEqual({ error: 'nickname_exists', error_msg: '이미 존재하는 닉네임입니다.' });
  });

  it('checks the recommender', async () => {
    expect((await post(domestic({ recommendId: 'bj0001' }))).status).toBe(201);
    const res = await post(domestic({ recommendId: 'nobody00' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'recommender_not_found' });
  });

  it('two concurrent sign-ups with one ID: exactly one wins, the other gets 409', async () => {
    const a = domestic({ loginId: 'racer0001' });
    const b = domestic({ loginId: 'racer0001' });
    const answers = await Promise.all([post(a, '172.16.1.1'), post(b, '172.16.1.2')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const sameNick = unique().nickname;
    const nickRace = await Promise.all([
      post(domestic({ nickname: sameNick }), '172.16.1.3'),
      post(domestic({ nickname: sameNick }), '172.16.1.4'),
    ]);
    expect(nickRace.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('stores the partner fields', async () => {
    const body = domestic({ pcode: 'PARTNER1', aspCode: 'asp01', userkey: 'uk-123' });
    expect((await post(body)).status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.loginId, body.loginId as string));
    expect(row).toMatchObject({ partnerCode: 'PARTNER1', aspCode: 'asp01', aspUserkey: 'uk-123' });
  });
});

describe('POST /api/auth/signup (foreigner)', () => {
  const foreigner = async (over: Record<string, unknown> = {}) => ({
    ...domestic(),
    name: 'John Smith',
    birthday: '1990-02-03',
    gender: 'M',
    countryCode: '1',
    phone: '2025550123',
    phoneVerificationToken: await issueVerificationToken(t.database.db, '+12025550123', 'signup'),
    ...over,
  });

  it('creates the member with a valid phone token, which then cannot be used again', async () => {
    const body = await foreigner();
    expect((await post(body)).status).toBe(201);
    const again = await post({ ...body, ...unique() });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({
      error: 'phone_verification_required',
      error_msg: '핸드폰 인증을 완료해주세요.',
    });
  });

  it('partner brands have no foreigner path: 403 feature_unavailable before anything else, nothing written', async () => {
    const body = await foreigner();
    const res = await t.app.request('/api/auth/signup', jsonInit('POST', body, { 'x-brand': 'onion' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'feature_unavailable' });
    // Even a body that breaks the §5 rules hears the brand's answer first.
    const invalid = await t.app.request(
      '/api/auth/signup',
      jsonInit('POST', { ...body, loginId: '', name: '' }, { 'x-brand': 'onion' }),
    );
    expect(invalid.status).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(members)
        .where(eq(members.loginId, body.loginId as string)),
    ).toEqual([]);
    // The phone token was not spent: the main brand still takes it.
    expect((await post(body)).status).toBe(201);
    // The domestic form stays open on partner brands.
    expect((await t.app.request('/api/auth/signup', jsonInit('POST', domestic(), { 'x-brand': 'onion' }))).status).toBe(
      201,
    );
  });

  it('a token for another phone does not count', async () => {
    const res = await post(await foreigner({ phone: '2025550999' }));
    expect(res.status).toBe(422);
  });

  it('a failed sign-up leaves the token usable', async () => {
    const body = await foreigner({ loginId: 'viewer01' });
    expect((await post(body)).status).toBe(409);
    expect((await post({ ...body, ...unique() })).status).toBe(201);
  });

  it.each([
    [{ name: '' }, 'Please check name.'],
    [{ birthday: '1990-13-01' }, 'Please check birthday.'],
    [{ birthday: '' }, 'Please check birthday.'],
    [{ gender: 'X' }, 'Please check gender.'],
    [{ phoneVerificationToken: '' }, 'Please complete phone verification.'],
  ])('refuses %j with the §5 text', async (over, message) => {
    const res = await post(await foreigner(over), undefined, EN);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_msg: string }).error_msg).toBe(message);
  });

  it('says “핸드폰 인증을 완료해주세요.” in Korean (SPEC §5)', async () => {
    const res = await post(await foreigner({ phoneVerificationToken: '' }));
    expect(await res.json()).toMatchObject({
      error: 'validation_failed',
      error_msg: '핸드폰 인증을 완료해주세요.',
      field: 'phoneVerificationToken',
    });
  });
});

describe('sign-up limit per IP in production', () => {
  it('the 21st sign-up within an hour from one IP answers 429', async () => {
    const prod = await openTestApp({ env: { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1)
        statuses.push(
          (
            await prod.app.request(
              '/api/auth/signup',
              jsonInit('POST', domestic(), { 'x-forwarded-for': '198.51.100.9' }),
            )
          ).status,
        );
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
      expect(statuses[20]).toBe(429);
    } finally {
      await prod.close();
    }
  }, 120_000);
});
