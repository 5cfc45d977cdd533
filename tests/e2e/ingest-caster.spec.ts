/**
 * A caster app's side of broadcasting (docs/INGEST.md "Caster apps"), in a real Chromium against
 * the real worker, API and media server: a fresh member becomes a BJ through the real flow, and an
 * app (Streamlabs Desktop's calls: bearer token, no cookie) takes the stream key.
 * - The live it pushes plays as `bp_flv`: the signed HTTP-FLV address through the worker, played by
 *   the site's own engine (src/islands/player/engines.ts → mpegts.js) in a page of the site's
 *   origin; the clock ffmpeg burns into the video (scripts/media-clock.ts) is read back from the
 *   presented frames and moves.
 * - The app's chat dock: `/redirects/signin?token=…&redirectTo=/popup/chat/{id}?darkTheme=true`
 *   signs the BJ in once, lands on the chat-only popup in the dark theme, a line sent there
 *   reaches a viewer on the live page (through the viewer's own socket), and the same URL opened
 *   again is refused.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { enginePage, playerEnginesScript, pushClock, readClock, type ClockEncoder } from '../../scripts/media-clock.ts';
import { becomeBj, contextIn, pushWithFfmpeg, signUpFresh, type Encoder } from './broadcast-fixtures.ts';
import { chatList, expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

const PASSWORD = 'Secure12!';
let encoder: ClockEncoder | Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

/** A call as Streamlabs Desktop makes it: from its Electron window, a bearer token, never a cookie. */
async function fromApp<T>(
  base: string,
  token: string | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(path, base), {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      origin: 'file://',
      'sec-fetch-site': 'cross-site',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A fresh BJ, and the access token its caster app holds (the app's sign-in window leaves it a refresh token). */
async function newCaster(member: APIRequestContext, operator: APIRequestContext, base: string, prefix: string) {
  const loginId = await signUpFresh(member, prefix);
  const channelId = await becomeBj(member, operator, loginId, '캐스터 앱 채널');
  const signin = await member.post('/v2/api/auth/signin', {
    data: { loginId, password: PASSWORD, loginKeep: true, saveId: false, device: 'PCWEB' },
  });
  expect(signin.status()).toBe(200);
  const refreshToken = (await member.storageState()).cookies.find((c) => c.name === 'flx_oauth_refresh')?.value;
  expect(refreshToken, 'the sign-in leaves a refresh token').toBeTruthy();
  const refreshed = await fromApp<{ access_token: string }>(base, null, '/api/oauth/refresh', {
    method: 'POST',
    body: { refreshToken },
  });
  expect(refreshed.status).toBe(200);
  const token = refreshed.body.access_token;
  const profile = await fromApp<{ profile: { channelId: number } }>(base, token, '/api/my/profile');
  expect(profile.body.profile.channelId).toBe(channelId);
  return { loginId, channelId, token };
}

/** Serves the site's player engines and a page playing `url` with them, at the site's origin. */
async function openEnginePage(page: Page, base: string, format: 'bp_flv' | 'hls', url: string): Promise<void> {
  const script = await playerEnginesScript();
  await page.route(`${base}/__e2e/engines.js`, (r) => r.fulfill({ contentType: 'text/javascript', body: script }));
  await page.route(`${base}/__e2e/player`, (r) =>
    r.fulfill({ contentType: 'text/html; charset=utf-8', body: enginePage(format, url, '/__e2e/engines.js') }),
  );
  await page.goto('/__e2e/player');
}

test('a live pushed with the key a caster app took plays as bp_flv through mpegts.js, and its frames advance', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await playwright.request.newContext({ baseURL });
  const caster = await newCaster(member, request, baseURL!, 'flv');
  const key = await fromApp<{ url: string; streamKey: string }>(baseURL!, caster.token, '/api/my/channel/stream-key');
  expect(key.status).toBe(200);
  encoder = pushClock(`${key.body.url}/${key.body.streamKey}`, 90);

  // What a viewer's page is given: a signed HTTP-FLV address on the site's origin.
  let flv = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/channels/${caster.channelId}/stream?option=all`);
        if (!res.ok()) return '';
        const answer = (await res.json()) as { sources: { urlDetail: { flv: { resolution: { url: string }[] } } }[] };
        return (flv = answer.sources[0]?.urlDetail.flv.resolution[0]?.url ?? '');
      },
      { timeout: 30_000 },
    )
    .toMatch(new RegExp(`^${baseURL}/media/[^/]+/flv/\\d+\\.flv$`));

  const viewer = await contextIn(browser, 'ko');
  await openEnginePage(viewer.page, baseURL!, 'bp_flv', flv);
  await expectVideoAdvances(viewer.page, 2);
  expect(await viewer.page.evaluate(() => (window as unknown as { __engine?: string }).__engine)).toBe('mpegts');
  // Real pictures of this push: the burned-in clock is read from the frames and moves forward.
  const clock = await viewer.page.evaluate(readClock, { selector: '[data-testid="player-video"]', ms: 2000 });
  expect(
    clock.stamps.length,
    JSON.stringify({ frames: clock.frames, ahead: clock.ahead.slice(0, 5), stamps: clock.stamps }),
  ).toBeGreaterThanOrEqual(5);
  expect(clock.stamps.at(-1)! - clock.stamps[0]!).toBeGreaterThan(500);
  expect(clock.stamps.every((s, i) => i === 0 || s > clock.stamps[i - 1]!)).toBe(true);

  await Promise.all([viewer.context.close(), member.dispose()]);
});

for (const locale of ['ko', 'en'] as const) {
  const text =
    locale === 'ko'
      ? { input: '채팅 입력', send: '전송', list: '채팅 메시지', connected: '채팅 연결됨' }
      : { input: 'Chat message', send: 'Send', list: 'Chat messages', connected: 'Chat connected' };

  test(`${locale}: the caster app's chat dock signs in once, shows the chat alone in the dark theme, and its lines reach viewers`, async ({
    browser,
    request,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const member = await playwright.request.newContext({ baseURL });
    const caster = await newCaster(member, request, baseURL!, `dock${locale}`);
    const popup = `/popup/chat/${caster.channelId}?darkTheme=true`;
    const dockUrl = `/redirects/signin?token=${caster.token}&redirectTo=${popup}`;

    // The BJ is on the air (the app's key, ffmpeg as its encoder) and a viewer watches the live page.
    const key = await fromApp<{ url: string; streamKey: string }>(baseURL!, caster.token, '/api/my/channel/stream-key');
    encoder = pushWithFfmpeg(key.body.url, key.body.streamKey, 80);
    await expect
      .poll(async () => (await request.get(`/api/channels/${caster.channelId}/stream`)).status(), { timeout: 30_000 })
      .toBe(200);
    const viewer = await contextIn(browser, locale);
    await viewer.page.goto(`/channels/${caster.channelId}/live`);
    await expect(viewer.page.getByText(text.connected)).toBeVisible({ timeout: 20_000 });

    const dock = await contextIn(browser, locale);
    const dockCsp = watchCsp(dock.page);
    await dock.page.goto(dockUrl);
    await expect(dock.page).toHaveURL(`${baseURL}${popup}`);
    // Signed in as the BJ, through the cookies the link became.
    const me = (await (await dock.context.request.get('/api/my/profile')).json()) as { loginId: string };
    expect(me.loginId).toBe(caster.loginId);
    await expect(dock.page.locator('html')).toHaveAttribute('data-theme', 'DARK');
    const background = await dock.page.evaluate(() => {
      const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    });
    expect(background).toBeLessThan(0.3);
    // The chat alone: no player, no channel header.
    await expect(dock.page.getByTestId('player-video')).toHaveCount(0);
    await expect(dock.page.locator('.channel-header')).toHaveCount(0);
    await expect(dock.page.getByText(text.connected)).toBeVisible({ timeout: 20_000 });

    const line = `${locale === 'ko' ? '도크에서 인사드려요' : 'hello from the dock'} ${Date.now()}`;
    await dock.page.getByRole('textbox', { name: text.input }).fill(line);
    await dock.page.getByRole('button', { name: text.send, exact: true }).click();
    await expect(dock.page.getByRole('list', { name: text.list }).getByText(line)).toBeVisible();
    // The viewer's page got it through its own chat socket.
    await expect(viewer.page.getByRole('list', { name: text.list }).getByText(line)).toBeVisible();
    if (locale === 'ko') await expect(chatList(viewer.page).getByText(line)).toBeVisible();

    // The same link again (another window, or someone who copied it): refused, nobody signed in.
    const again = await contextIn(browser, locale);
    await again.page.goto(dockUrl);
    await expect(again.page).toHaveURL(
      (url) => url.pathname.endsWith('/signin') && url.searchParams.get('callbackURL') === popup,
    );
    expect((await again.context.request.get('/api/my/profile')).status()).toBe(401);

    expect(dockCsp).toEqual([]);
    await Promise.all([viewer.context.close(), dock.context.close(), again.context.close(), member.dispose()]);
  });
}
