import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members, refreshTokens } from '../db/schema/index.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { hashToken } from '../auth/secrets.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { setCookies, signIn } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) =>
  t.app.request('/api/oauth/refresh', {
    method: 'POST',
    body: new URLSearchParams({ refreshToken: token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const profile = (access: string) =>
  t.app.request('/api/my/profile', { headers: { cookie: `flx_oauth_access=${access}` } });

/** Moves a rotated token's rotation time into the past, as if the grace window had passed. */
async function ageRotation(token: string) {
  await t.database.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - 60_000) })
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
}

describe('POST /api/oauth/refresh', () => {
  it('rotates: a new refresh token and a working access token, no token in the body', async () => {
    const { refresh: r0 } = await signIn(t.app, 'viewer01', 'demo1234!', { loginKeep: true });
    const res = await refresh(r0);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const jar = setCookies(res);
    expect(jar.flx_oauth_refresh?.value).toBeTruthy();
    expect(jar.flx_oauth_refresh?.value).not.toBe(r0);
    expect(jar.flx_oauth_refresh?.attrs).toMatch(/Max-Age=2592000/);
    expect((await profile(jar.flx_oauth_access!.value)).status).toBe(200);
  });

  it('parallel uses of one token all succeed; only one rotates', async () => {
    const { refresh: r0 } = await signIn(t.app, 'viewer01');
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(r0)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const rotated = answers.filter((a) => setCookies(a).flx_oauth_refresh);
    expect(rotated).toHaveLength(1);
    for (const a of answers) expect((await profile(setCookies(a).flx_oauth_access!.value)).status).toBe(200);
  });

  it('a reuse after the grace window revokes the whole family', async () => {
    const { refresh: r0 } = await signIn(t.app, 'viewer02');
    const first = await refresh(r0);
    const r1 = setCookies(first).flx_oauth_refresh!.value;
    const access1 = setCookies(first).flx_oauth_access!.value;
    await ageRotation(r0);
    const replay = await refresh(r0);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_refresh_token' });
    expect(setCookies(replay).flx_oauth_refresh?.value).toBe('');
    expect((await refresh(r1)).status).toBe(401);
    expect((await profile(access1)).status).toBe(401);
  });

  it(
    'answers a caster app’s JSON { refreshToken } with { access_token } and no cookie, and keeps its refresh token ' +
      'as it is',
    async () => {
      const { refresh: r0 } = await signIn(t.app, 'viewer01');
      const json = (body: unknown) =>
        t.app.request('/api/oauth/refresh', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
      const res = await json({ refreshToken: r0 });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { access_token: string };
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900 });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(
        (await t.app.request('/api/my/profile', { headers: { authorization: `Bearer ${body.access_token}` } })).status,
      ).toBe(200);
      // The app asks again with the same token, long after: it was never rotated, so it still works.
      const [row] = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(r0)));
      expect(row!.rotatedAt).toBeNull();
      expect((await json({ refreshToken: r0 })).status).toBe(200);
      const refused = await json({ refreshToken: 'garbage' });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_refresh_token' });
    },
  );

  it('keeps the reuse rule for a token a browser rotated: the caster app’s later use revokes the family', async () => {
    const { refresh: r0 } = await signIn(t.app, 'viewer02');
    expect((await refresh(r0)).status).toBe(200);
    await ageRotation(r0);
    const json = await t.app.request('/api/oauth/refresh', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: r0 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(401);
  });

  it('gives a form-encoded or cookie refresh no token in its body (browsers)', async () => {
    const { refresh: r0 } = await signIn(t.app, 'viewer01');
    const text = await (await refresh(r0)).text();
    expect(text).toBe('{"ok":true}');
  });

  it('without a token in the body, uses the refresh cookie', async () => {
    const { refresh: r0 } = await signIn(t.app, 'viewer02');
    const res = await t.app.request('/api/oauth/refresh', {
      method: 'POST',
      headers: { cookie: `flx_oauth_refresh=${r0}` },
    });
    expect(res.status).toBe(200);
    expect(setCookies(res).flx_oauth_access?.value).toBeTruthy();
  });

  it('refuses a token of the wrong type or with a NUL (400) and says why in the caller’s language', async () => {
    const res = await t.app.request('/api/oauth/refresh', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: 42 }),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'validation_failed',
      error_msg: 'Please check refreshToken.',
      field: 'refreshToken',
    });
    const nul = await t.app.request('/api/oauth/refresh', {
      method: 'POST',
      body: 'refreshToken=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({
      error: 'control_characters',
      error_msg: expect.stringMatching(/[가-힣]/),
    });
  });

  it.each([[''], ['garbage'], ['x'.repeat(5000)]])('refuses %j with 401', async (token) => {
    const res = await refresh(token);
    expect(res.status).toBe(401);
  });
});

describe('POST /api/oauth/token-signin (the caster app’s chat dock link)', () => {
  const tokenSignin = (token: string) =>
    t.app.request('/api/oauth/token-signin', {
      method: 'POST',
      body: JSON.stringify({ token }),
      headers: { 'content-type': 'application/json' },
    });

  it('turns a fresh access token into a browser session of its own, once', async () => {
    const { access } = await signIn(t.app, 'bj0001');
    const res = await tokenSignin(access);
    expect(res.status).toBe(200);
    const jar = setCookies(res);
    expect(jar.flx_oauth_access?.value).toBeTruthy();
    expect(jar.flx_oauth_access?.value).not.toBe(access);
    expect(jar.flx_oauth_refresh?.value).toBeTruthy();
    // A session cookie: it ends with the browser.
    expect(jar.flx_oauth_refresh?.attrs).not.toMatch(/Max-Age/);
    expect(await (await profile(jar.flx_oauth_access!.value)).json()).toMatchObject({ loginId: 'bj0001' });
    const again = await tokenSignin(access);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'signin_link_invalid' });
    expect(setCookies(again).flx_oauth_access).toBeUndefined();
  });

  it('refuses a forged token, an old one, and one of a session that ended', async () => {
    expect((await tokenSignin('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Zm9yZ2Vk')).status).toBe(401);
    const [viewer] = await t.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.loginId, 'viewer01'));
    const old = await signAccessToken(
      viewer!.id,
      'old-session',
      t.config.jwtSecret,
      Math.floor(Date.now() / 1000) - 16 * 60,
    );
    expect((await tokenSignin(old)).status).toBe(401);
    const { cookie, access } = await signIn(t.app, 'viewer02');
    await t.app.request('/api/auth/signout', { method: 'POST', headers: { cookie } });
    expect((await tokenSignin(access)).status).toBe(401);
  });
});

describe('POST /api/auth/signout', () => {
  it('revokes the session: old access and refresh tokens stop working; cookies cleared with Clear-Site-Data', async () => {
    const { cookie, access, refresh: r0 } = await signIn(t.app, 'adult01');
    const res = await t.app.request('/api/auth/signout', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('clear-site-data')).toBe('"cookies"');
    const jar = setCookies(res);
    expect(jar.flx_oauth_access?.attrs).toMatch(/Max-Age=0/);
    expect(jar.flx_oauth_refresh?.attrs).toMatch(/Max-Age=0/);
    expect((await profile(access)).status).toBe(401);
    expect((await refresh(r0)).status).toBe(401);
  });

  it('is harmless without a session', async () => {
    expect((await t.app.request('/api/auth/signout', { method: 'POST' })).status).toBe(200);
  });
});

describe('POST /api/auth/expire', () => {
  it('ends every session of the signed-in account', async () => {
    const a = await signIn(t.app, 'bj0001');
    const b = await signIn(t.app, 'bj0001');
    const res = await t.app.request('/api/auth/expire', {
      method: 'POST',
      body: JSON.stringify({ loginId: 'bj0001' }),
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect((await profile(b.access)).status).toBe(401);
    expect((await refresh(b.refresh)).status).toBe(401);
  });

  it('refuses another account (403) and guests (401)', async () => {
    const a = await signIn(t.app, 'viewer01');
    const other = await t.app.request('/api/auth/expire', {
      method: 'POST',
      body: JSON.stringify({ loginId: 'viewer02' }),
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
    });
    expect(other.status).toBe(403);
    const guest = await t.app.request('/api/auth/expire', {
      method: 'POST',
      body: JSON.stringify({ loginId: 'viewer02' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(guest.status).toBe(401);
  });
});
