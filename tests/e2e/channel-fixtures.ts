/** Helpers for the channel and chat specs: sign-in through the API, demo channel ids. */
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { freshId } from './auth-fixtures.ts';

export const PASSWORD = 'demo1234!';

export async function signIn(request: APIRequestContext, loginId: string): Promise<void> {
  const res = await request.post('/v2/api/auth/signin', {
    data: { loginId, password: PASSWORD, loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(res.status(), `sign-in of ${loginId}`).toBe(200);
}

/** A browser context signed in as `loginId` (or a guest when null), on the live page of `channelId`. */
export async function openLive(
  browser: Browser,
  loginId: string | null,
  channelId: number,
  locale: 'ko' | 'en' = 'ko',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await context.addCookies([
    {
      name: 'locale',
      value: locale,
      url: new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin,
    },
  ]);
  if (loginId) await signIn(page.request, loginId);
  await page.goto(`/channels/${channelId}/live`);
  return { context, page };
}

/**
 * A context signed in as a member signed up just now, on the live page of `channelId`: for tests
 * that mute or kick, whose effects outlive the test (a kick lasts 10 minutes), so a retry or a
 * second run meets a clean member.
 */
export async function openLiveAsNewMember(
  browser: Browser,
  channelId: number,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; loginId: string; nickname: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await context.addCookies([{ name: 'locale', value: 'ko', url: test.info().project.use.baseURL! }]);
  const loginId = freshId(prefix);
  const nickname = `${prefix}${loginId.slice(-7)}`;
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
  await page.goto(`/channels/${channelId}/live`);
  return { context, page, loginId, nickname };
}

/** Channel id of a demo BJ from the public live list (adult entries are listed, locked). */
export async function channelOf(request: APIRequestContext, loginId: string): Promise<number> {
  const res = await request.get('/api/lives?limit=100');
  const body = (await res.json()) as { list: { loginId: string; channelId: number }[] };
  const hit = body.list.find((l) => l.loginId === loginId);
  expect(hit, `${loginId} is live`).toBeTruthy();
  return hit!.channelId;
}

/** Media requests (playlists, segments, FLV) answered or failed while `page` waits, for the report of a failure. */
function watchMedia(page: Page) {
  const started = Date.now();
  const log: { line: string; url: string }[] = [];
  const media = (url: string) => /\.(m3u8|ts|m4s|mp4|flv)(\?|$)/.test(new URL(url).pathname);
  const note = (what: string, url: string) => {
    if (!media(url)) return;
    const path = new URL(url).pathname.split('/').slice(-3).join('/');
    log.push({ line: `+${((Date.now() - started) / 1000).toFixed(1)}s ${what} ${path}`, url });
  };
  const onResponse = (r: Response) => note(String(r.status()), r.url());
  const onFailed = (r: Request) => note(`failed (${r.failure()?.errorText})`, r.url());
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  return {
    stop() {
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
    },
    /** The last requests, and the newest playlist as the server answers it now. */
    async report(): Promise<string> {
      const playlist = log.findLast((l) => new URL(l.url).pathname.endsWith('.m3u8'))?.url;
      const now = playlist
        ? await page.request.get(playlist).then(
            (r) => r.text().then((t) => `${r.status()}\n${t.slice(0, 800)}`),
            (e: Error) => e.message,
          )
        : '(none)';
      // Chromium's own HLS player fetches outside the page's network events: for it this list stays empty.
      const last = log.slice(-15).map((l) => l.line);
      return `media requests seen by the page (${log.length}, last 15):\n${last.join('\n')}\nnewest playlist now: ${now}`;
    },
  };
}

/**
 * Seconds of video the page's player has played since it loaded: the playhead's forward steps
 * between two `timeupdate`s (4-66 per second), a jump (a seek, a live player started again at the
 * live position) not counted. Call before the page loads; the returned function reads it.
 */
export async function countPlayed(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { playedSeconds: number };
    w.playedSeconds = 0;
    let last: number | null = null;
    document.addEventListener(
      'timeupdate',
      (e) => {
        const v = e.target as HTMLVideoElement;
        const step = last === null ? 0 : v.currentTime - last;
        last = v.currentTime;
        if (step > 0 && step <= 1) w.playedSeconds += step;
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { playedSeconds: number }).playedSeconds);
}

/** Waits until the video has played forward: currentTime grows past `seconds`. */
export async function expectVideoAdvances(page: Page, seconds = 1): Promise<void> {
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible();
  const requests = watchMedia(page);
  try {
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(seconds);
  } catch (err) {
    // What the element and the player were doing, for the report of a failure.
    const state = await video
      .evaluate((v: HTMLVideoElement) => ({
        engine: v.closest('[data-engine]')?.getAttribute('data-engine') ?? null,
        src: v.currentSrc,
        currentTime: v.currentTime,
        paused: v.paused,
        readyState: v.readyState,
        networkState: v.networkState,
        error: v.error?.message ?? null,
        buffered: Array.from({ length: v.buffered.length }, (_, i) => [v.buffered.start(i), v.buffered.end(i)]),
      }))
      .catch(() => null);
    const media = await requests.report().catch((e: Error) => `media requests: ${e.message}`);
    throw new Error(`${(err as Error).message}\nvideo: ${JSON.stringify(state)}\n${media}`, { cause: err });
  } finally {
    requests.stop();
  }
}

export function chatInput(page: Page) {
  return page.getByRole('textbox', { name: '채팅 입력' });
}

export async function say(page: Page, text: string): Promise<void> {
  await chatInput(page).fill(text);
  await page.getByRole('button', { name: '전송' }).click();
  await expect(chatInput(page)).toHaveValue('');
}

export function chatList(page: Page) {
  return page.getByRole('list', { name: '채팅 메시지' });
}

/** No axe violation inside the page's main content. */
export async function expectMainAxeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Collects CSP violations from the console; assert the list is empty at the end. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}
