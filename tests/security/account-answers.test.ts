/**
 * The account, guest, profile and development routes speak the catalogue's one dialect: every
 * refusal keeps its code and status whatever the caller's language, and says it in that language
 * (Korean by default); and a control character in any text field they take is refused with 400
 * `control_characters` before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { signIn } from '../../api/testing/requests.ts';
import ko from '../../messages/ko.json' with { type: 'json' };
import { snapshotDatabase } from './db-snapshot.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await openTestApp();
  cookie = (await signIn(t.app, 'viewer01')).cookie;
});
afterAll(() => t.close());

const HANGUL = /[가-힣]/;

type Case = [method: string, path: string, body?: unknown, signedIn?: boolean];

/** One refusal per route: the status and code must not depend on the language. */
const REFUSALS: Case[] = [
  ['POST', '/api/auth/signup', { loginId: '' }],
  ['POST', '/v2/api/auth/signup/send-phone-verification', { phone: '' }],
  ['POST', '/api/auth/signup/verify-phone', { phone: '010', code: 'x' }],
  ['GET', '/api/auth/oauth/facebook/authorize'],
  ['POST', '/api/auth/oauth/kakao/callback', {}],
  ['POST', '/api/auth/signup/oauth/google', { nickname: '' }],
  ['POST', '/v3/api/m/signup/kakao', {}],
  ['POST', '/api/auth/expire', { loginId: 'viewer01' }],
  ['POST', '/api/auth/expire', { loginId: 'viewer02' }, true],
  ['POST', '/api/oauth/refresh', { refreshToken: 'garbage' }],
  ['GET', '/api/auth/signin/find?type=nonsense'],
  ['POST', '/api/auth/signin/find-id/confirm', { phone: '' }],
  ['POST', '/api/auth/signin/find-password/confirm', { loginId: '' }],
  ['POST', '/api/oauth/generate', { userId: 'viewer01', phone: '01000000001', phoneVerificationToken: 'made-up' }],
  ['PUT', '/api/oauth/password', { loginId: 'viewer01', authToken: 'x'.repeat(40), password: 'short' }],
  ['PUT', '/api/oauth/password', { loginId: 'viewer01', authToken: 'x'.repeat(40), password: 'abcd123$x' }],
  ['GET', '/api/personal-auth?type=personal'],
  ['GET', '/api/personal-auth?type=other', undefined, true],
  ['GET', '/api/personal-auth/status?requestId=nope', undefined, true],
  ['POST', '/api/personal-auth/callback', { requestId: 'x', birthday: '1990-01-01' }],
  ['POST', '/v4/api/asp/accesstoken', { aspCode: 'NOPE', userkey: 'nobody' }],
  ['GET', '/api/guest/loginId/12345678'],
  ['GET', '/api/guest/nickname/%3Cb%3E'],
  ['GET', '/api/guest/themes?device=TOASTER'],
  ['GET', '/v2/api/guest/timeCheck/1000'],
  ['GET', '/api/guest/suggestion-list?limit=51'],
  ['GET', '/api/my/profile'],
  ['PUT', '/api/my/profile', { isView: 'yes' }, true],
  ['POST', '/api/dev/service-mode', { mode: 'party' }],
  ['GET', '/api/dev/oauth/facebook/authorize?state=s'],
  ['GET', '/api/dev/identity/nope'],
];

async function call(
  [method, path, body, signedIn]: Case,
  language?: string,
): Promise<{ status: number; answer: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'x-forwarded-for': '127.0.0.9' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (language) headers['accept-language'] = language;
  if (signedIn) headers.cookie = cookie;
  const res = await t.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, answer: (await res.json()) as Record<string, unknown> };
}

describe('refusals in the caller’s language', () => {
  it.each(REFUSALS)('%s %s answers the same code in ko and en', async (...c) => {
    const ko = await call(c);
    const en = await call(c, 'en-US,en;q=0.9');
    expect(ko.status).toBeGreaterThanOrEqual(400);
    expect(ko.status).toBeLessThan(500);
    expect(en.status).toBe(ko.status);
    expect(en.answer.error).toBe(ko.answer.error);
    expect(typeof ko.answer.error).toBe('string');
    expect(ko.answer.error_msg).toMatch(HANGUL);
    expect(en.answer.error_msg).toEqual(expect.any(String));
    expect(en.answer.error_msg).not.toMatch(HANGUL);
  });

  it('sign-in keeps { status, msg }: the msg in the caller’s language, empty for a wrong password (SPEC §8)', async () => {
    const signin = (body: unknown, language?: string) => call(['POST', '/v2/api/auth/signin', body], language);
    expect(await signin({ loginId: '', password: 'x' })).toEqual({
      status: 400,
      answer: { status: 400, msg: '아이디를 확인해주세요.' },
    });
    expect(await signin({ loginId: '', password: 'x' }, 'en')).toEqual({
      status: 400,
      answer: { status: 400, msg: 'Please check ID.' },
    });
    expect(await signin({ loginId: 'viewer01', password: 'wrong123!' }, 'en')).toEqual({
      status: 401,
      answer: { status: 401, msg: '' },
    });
    expect(await signin({ loginId: 'blocked01', password: 'demo1234!' })).toEqual({
      status: 423,
      answer: { status: 423, msg: '차단된 계정입니다.' },
    });
    expect(await signin({ loginId: 'blocked01', password: 'demo1234!' }, 'en')).toEqual({
      status: 423,
      answer: { status: 423, msg: 'This account is blocked.' },
    });
  });
});

/** Every text field of every body these routes read, with a body that is otherwise plausible. */
const BODIES: [method: string, path: string, body: Record<string, unknown>, signedIn?: boolean][] = [
  ['POST', '/v2/api/auth/signin', { loginId: 'viewer01', password: 'demo1234!', device: 'PCWEB' }],
  [
    'POST',
    '/api/auth/signup',
    {
      loginId: 'nulcheck01',
      nickname: '널검사',
      password: 'abcd123$',
      passwordConfirm: 'abcd123$',
      recommendId: 'bj0001',
      pcode: 'P1',
      aspCode: 'A1',
      userkey: 'u1',
      device: 'PCWEB',
      name: 'John Smith',
      birthday: '1990-02-03',
      gender: 'M',
      countryCode: '1',
      phone: '2025550123',
      phoneVerificationToken: 'x'.repeat(40),
      agreeTerms: true,
      agreePrivacy: true,
    },
  ],
  [
    'POST',
    '/v2/api/auth/signup/send-phone-verification',
    { countryCode: '82', phone: '01000000001', captchaToken: 'x', purpose: 'find' },
  ],
  [
    'POST',
    '/api/auth/signup/verify-phone',
    { countryCode: '82', phone: '01000000001', code: '123456', purpose: 'find' },
  ],
  ['POST', '/api/auth/oauth/kakao/callback', { code: 'c', state: 's' }],
  [
    'POST',
    '/api/auth/signup/oauth/naver',
    { accessToken: 'x'.repeat(40), nickname: '널검사', recommendId: '', pcode: '', countryCodes: '82', loginId: '' },
  ],
  ['POST', '/v3/api/m/signup/kakao', { accessToken: 'x'.repeat(40), nickname: '널검사' }],
  ['POST', '/api/auth/expire', { loginId: 'viewer01' }, true],
  ['POST', '/api/oauth/refresh', { refreshToken: 'x'.repeat(40) }],
  [
    'POST',
    '/api/auth/signin/find-id/confirm',
    { countryCode: '82', phone: '01000000001', phoneVerificationToken: 'x'.repeat(40) },
  ],
  [
    'POST',
    '/api/auth/signin/find-password/confirm',
    { loginId: 'viewer01', countryCode: '82', phone: '01000000001', phoneVerificationToken: 'x'.repeat(40) },
  ],
  [
    'POST',
    '/api/oauth/generate',
    { userId: 'viewer01', countryCode: '82', phone: '01000000001', phoneVerificationToken: 'x'.repeat(40) },
  ],
  ['PUT', '/api/oauth/password', { loginId: 'viewer01', authToken: 'x'.repeat(40), password: 'abcd123$x' }],
  ['POST', '/v4/api/asp/accesstoken', { aspCode: 'ONION', userkey: 'u-1', device: 'PCWEB' }],
  ['PUT', '/api/my/profile', { isView: false, 'memberSortCode\u0000': 1 }, true],
  ['POST', '/api/dev/service-mode', { mode: 'maintenance' }],
  ['POST', '/api/dev/channel-settings', { broadcast: false, 'isSnsLoginKakao\u0000': false }],
];

describe('control characters in text fields', () => {
  it('refuses a NUL in any text field (JSON or form) with 400 control_characters, and writes nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const wrong: string[] = [];
    for (const [method, path, body, signedIn] of BODIES) {
      const headers: Record<string, string> = { 'x-forwarded-for': '127.0.0.10', ...(signedIn ? { cookie } : {}) };
      const variants: [string, string, string][] = [];
      for (const [key, value] of Object.entries(body)) {
        if (key.includes('\u0000')) variants.push([key, JSON.stringify(body), 'application/json']);
        if (typeof value !== 'string') continue;
        variants.push([key, JSON.stringify({ ...body, [key]: `${value}\u0000` }), 'application/json']);
        const form = new URLSearchParams(
          Object.entries({ ...body, [key]: `${value}\u0000` }).map(([k, x]): [string, string] => [k, String(x)]),
        );
        variants.push([`${key} (form)`, form.toString(), 'application/x-www-form-urlencoded']);
      }
      for (const [field, payload, type] of variants) {
        const res = await t.app.request(path, { method, body: payload, headers: { ...headers, 'content-type': type } });
        const answer = (await res.json()) as { error?: string; msg?: string };
        // Sign-in says it in its own { status, msg } shape (SPEC §7).
        const refused = answer.error === 'control_characters' || answer.msg === ko.error_control_characters;
        if (res.status !== 400 || !refused)
          wrong.push(`${method} ${path} ${field} → ${res.status} ${JSON.stringify(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('refuses a NUL in the identity provider’s signed callback after the signature, before the body is used', async () => {
    const { createHmac } = await import('node:crypto');
    process.env.IDENTITY_WEBHOOK_SECRET = 'w'.repeat(32);
    try {
      const body = JSON.stringify({ requestId: 'r\u0000', birthday: '1990-01-01' });
      const signature = createHmac('sha256', 'w'.repeat(32)).update(body).digest('hex');
      const res = await t.app.request('/api/personal-auth/callback', {
        method: 'POST',
        body,
        headers: { 'x-identity-signature': signature },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'control_characters' });
    } finally {
      delete process.env.IDENTITY_WEBHOOK_SECRET;
    }
  });
});
