import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueVerificationToken } from './verification-tokens.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { jsonInit, signIn } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const findToken = (phone: string) => issueVerificationToken(t.database.db, phone, 'find');
const post = (path: string, body: unknown) => t.app.request(path, jsonInit('POST', body));

describe('find ID', () => {
  it('lists the IDs of a verified phone; the token is single use', async () => {
    const token = await findToken('+821000000001');
    const res = await post('/api/auth/signin/find-id/confirm', {
      countryCode: '82',
      phone: '01000000001',
      phoneVerificationToken: token,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      result: 'ok',
      loginIds: [expect.objectContaining({ loginId: 'viewer01' })],
    });
    expect(
      (
        await post('/api/auth/signin/find-id/confirm', {
          countryCode: '82',
          phone: '01000000001',
          phoneVerificationToken: token,
        })
      ).status,
    ).toBe(422);
  });

  it('a sign-up token does not open find', async () => {
    const token = await issueVerificationToken(t.database.db, '+821000000001', 'signup');
    expect(
      (
        await post('/api/auth/signin/find-id/confirm', {
          countryCode: '82',
          phone: '01000000001',
          phoneVerificationToken: token,
        })
      ).status,
    ).toBe(422);
  });
});

describe('find password and reset', () => {
  it('GET find tells whether the ID can be recovered, with a masked phone', async () => {
    expect(await (await t.app.request('/api/auth/signin/find?loginId=viewer02&type=password')).json()).toEqual({
      result: 'ok',
      type: 'password',
      method: 'phone',
      phoneHint: '***-****-0002',
    });
    expect(await (await t.app.request('/api/auth/signin/find?loginId=nobody00&type=password')).json()).toEqual({
      result: 'notfound',
    });
    expect((await t.app.request('/api/auth/signin/find?type=nonsense')).status).toBe(400);
  });

  it('phone proof → authToken → new password; every session of the account ends', async () => {
    const before = await signIn(t.app, 'viewer02');
    const confirm = await post('/api/auth/signin/find-password/confirm', {
      loginId: 'viewer02',
      countryCode: '82',
      phone: '01000000002',
      phoneVerificationToken: await findToken('+821000000002'),
    });
    expect(confirm.status).toBe(200);
    const { authToken } = (await confirm.json()) as { authToken: string };
    const reset = await t.app.request(
      '/api/oauth/password',
      jsonInit('PUT', { loginId: 'viewer02', authToken, password: 'newpass12!' }),
    );
    expect(reset.status).toBe(200);
    expect((await t.app.request('/api/my/profile', { headers: { cookie: before.cookie } })).status).toBe(401);
    expect((await signIn(t.app, 'viewer02', 'demo1234!')).res.status).toBe(401);
    expect((await signIn(t.app, 'viewer02', 'newpass12!')).res.status).toBe(200);
    const replay = await t.app.request(
      '/api/oauth/password',
      jsonInit('PUT', { loginId: 'viewer02', authToken, password: 'other123!' }),
    );
    expect(replay.status).toBe(401);
  });

  it('the phone must be the account’s own', async () => {
    const res = await post('/api/auth/signin/find-password/confirm', {
      loginId: 'viewer01',
      countryCode: '82',
      phone: '01000000003',
      phoneVerificationToken: await findToken('+821000000003'),
    });
    expect(res.status).toBe(404);
  });

  it('POST /api/oauth/generate does the same with userId', async () => {
    const res = await post('/api/oauth/generate', {
      userId: 'adult01',
      countryCode: '82',
      phone: '01000000003',
      phoneVerificationToken: await findToken('+821000000003'),
    });
    expect(res.status).toBe(200);
    const { authToken } = (await res.json()) as { authToken: string };
    // A token for one account cannot reset another.
    expect(
      (
        await t.app.request(
          '/api/oauth/password',
          jsonInit('PUT', { loginId: 'viewer01', authToken, password: 'newpass12!' }),
        )
      ).status,
    ).toBe(401);
  });

  it('the new password follows §5, in the caller’s language', async () => {
    const body = { loginId: 'viewer01', authToken: 'x'.repeat(40), password: 'short' };
    const res = await t.app.request('/api/oauth/password', jsonInit('PUT', body, { 'accept-language': 'en' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'validation_failed',
      error_msg: 'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
      field: 'password',
    });
    const ko = await t.app.request('/api/oauth/password', jsonInit('PUT', body));
    expect(await ko.json()).toEqual({
      error: 'validation_failed',
      error_msg: '비밀번호 (8~15자, 영문 대소문자, 숫자, 특수문자 포함).',
      field: 'password',
    });
  });

  it('GET find needs the ID for type=password and refuses an unknown type with bad_request', async () => {
    const noId = await t.app.request('/api/auth/signin/find?type=password', { headers: { 'accept-language': 'en' } });
    expect(noId.status).toBe(400);
    expect(await noId.json()).toEqual({ error: 'validation_failed', error_msg: 'Please check ID.', field: 'loginId' });
    expect(await (await t.app.request('/api/auth/signin/find?type=nonsense')).json()).toMatchObject({
      error: 'bad_request',
      field: 'type',
    });
    expect(await (await t.app.request('/api/auth/signin/find?type=id')).json()).toEqual({
      result: 'ok',
      type: 'id',
      method: 'phone',
    });
  });
});
