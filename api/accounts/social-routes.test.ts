import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authSettings } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { jsonInit, setCookies } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

/** Walks the browser's part: authorize → simulator page → approve → callback page → POST callback. */
async function socialRoundTrip(provider: string, subject: string) {
  const authorize = await t.app.request(`/api/auth/oauth/${provider}/authorize`);
  expect(authorize.status).toBe(302);
  const simulator = authorize.headers.get('location')!;
  expect(simulator).toMatch(new RegExp(`^/api/dev/oauth/${provider}/authorize\\?state=`));
  const page = await t.app.request(simulator);
  expect(await page.text()).toContain('<label for="subject">');
  const state = new URL(simulator, 'http://x').searchParams.get('state')!;
  const approve = await t.app.request(
    `/api/dev/oauth/${provider}/approve?state=${encodeURIComponent(state)}&subject=${subject}`,
  );
  const back = new URL(approve.headers.get('location')!, 'http://x');
  expect(back.pathname).toBe(`/callback/${provider}/authorize`);
  return t.app.request(
    `/api/auth/oauth/${provider}/callback`,
    jsonInit('POST', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  );
}

describe('social sign-up and sign-in through the development simulator', () => {
  it.each([['kakao'], ['naver'], ['google'], ['twitch']])(
    '%s: first visit signs up, the next signs in',
    async (provider) => {
      const first = await socialRoundTrip(provider, `${provider}-alice`);
      const body = (await first.json()) as { status: string; accessToken: string };
      expect(body.status).toBe('signup');
      const nickname = `${provider.slice(0, 3)}앨리스`;
      const path = provider === 'kakao' ? '/v3/api/m/signup/kakao' : `/api/auth/signup/oauth/${provider}`;
      const extra =
        provider === 'twitch'
          ? { loginId: 'twitchalice1', device: 'PCWEB' }
          : provider === 'kakao'
            ? {}
            : { countryCodes: '82' };
      const signup = await t.app.request(
        path,
        jsonInit('POST', { accessToken: body.accessToken, nickname, recommendId: '', pcode: '', ...extra }),
      );
      expect(signup.status).toBe(201);
      const created = (await signup.json()) as { loginId: string };
      expect(created.loginId).toMatch(/^(?!\d+$)[a-z0-9]{6,15}$/);
      if (provider === 'twitch') expect(created.loginId).toBe('twitchalice1');
      expect(setCookies(signup).flx_oauth_access?.value).toBeTruthy();

      const again = await socialRoundTrip(provider, `${provider}-alice`);
      expect(await again.json()).toMatchObject({ status: 'signedin', loginId: created.loginId });
      expect(setCookies(again).flx_oauth_refresh?.value).toBeTruthy();
    },
  );

  it('a ticket works once', async () => {
    const { accessToken } = (await (await socialRoundTrip('google', 'google-bob')).json()) as { accessToken: string };
    expect(
      (await t.app.request('/api/auth/signup/oauth/google', jsonInit('POST', { accessToken, nickname: '밥1' }))).status,
    ).toBe(201);
    const reuse = await t.app.request(
      '/api/auth/signup/oauth/google',
      jsonInit('POST', { accessToken, nickname: '밥2' }),
    );
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ error: 'social_failed', error_msg: '알 수 없는 오류가 발생하였습니다.' });
  });

  it('a ticket of one provider does not work for another', async () => {
    const { accessToken } = (await (await socialRoundTrip('naver', 'naver-carol')).json()) as { accessToken: string };
    expect(
      (await t.app.request('/api/auth/signup/oauth/google', jsonInit('POST', { accessToken, nickname: '캐롤' })))
        .status,
    ).toBe(400);
  });

  it('refuses a replayed or forged state and a forged code', async () => {
    const authorize = await t.app.request('/api/auth/oauth/kakao/authorize');
    const state = new URL(authorize.headers.get('location')!, 'http://x').searchParams.get('state')!;
    const forged = await t.app.request('/api/auth/oauth/kakao/callback', jsonInit('POST', { code: 'abc.def', state }));
    expect(forged.status).toBe(400);
    const approve = await t.app.request(`/api/dev/oauth/kakao/approve?state=${state}&subject=x`);
    const code = new URL(approve.headers.get('location')!, 'http://x').searchParams.get('code')!;
    expect((await t.app.request('/api/auth/oauth/kakao/callback', jsonInit('POST', { code, state }))).status).toBe(400);
    expect(
      (await t.app.request('/api/auth/oauth/kakao/callback', jsonInit('POST', { code, state: 'made-up' }))).status,
    ).toBe(400);
  });

  it('a provider switched off in the channel settings answers 403 everywhere', async () => {
    await t.database.db
      .insert(authSettings)
      .values({ id: 1, isSnsLoginTwitch: false })
      .onConflictDoUpdate({ target: authSettings.id, set: { isSnsLoginTwitch: false } });
    expect((await t.app.request('/api/auth/oauth/twitch/authorize')).status).toBe(403);
    expect(
      (await t.app.request('/api/auth/oauth/twitch/callback', jsonInit('POST', { code: 'a', state: 'b' }))).status,
    ).toBe(403);
    const signup = await t.app.request(
      '/api/auth/signup/oauth/twitch',
      jsonInit('POST', { accessToken: 'x'.repeat(40), nickname: '트위치' }),
    );
    expect(signup.status).toBe(403);
    expect(await signup.json()).toMatchObject({ error: 'provider_disabled' });
    await t.database.db.update(authSettings).set({ isSnsLoginTwitch: true }).where(eq(authSettings.id, 1));
  });

  it('unknown providers are 404', async () => {
    expect((await t.app.request('/api/auth/oauth/facebook/authorize')).status).toBe(404);
    expect((await t.app.request('/api/auth/signup/oauth/facebook', jsonInit('POST', {}))).status).toBe(404);
  });
});
