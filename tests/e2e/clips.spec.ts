/**
 * Clips (issue #40, point 2): a real push; once the live holds twenty seconds, a signed-in viewer
 * clips the last 15 s from the player's clip control (가위 / Clip) with a title, copies the link,
 * opens the clip's page, and the clip plays 15 s (±3) of that live; the page's HTML carries its share
 * card (og:title, og:image, og:video) for messengers; the channel page lists the clip. Korean and English.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, signUpFresh, type Encoder } from './broadcast-fixtures.ts';
import { expectVideoAdvances } from './channel-fixtures.ts';

const WORDS = {
  ko: {
    controls: '플레이어 조작',
    clip: '클립',
    dialog: '클립 만들기',
    title: '제목',
    length: '15초',
    make: '클립 만들기',
    made: '클립이 만들어졌습니다.',
    copy: '링크 복사',
    copied: '링크를 복사했습니다.',
    list: '클립',
    remove: '클립 삭제',
  },
  en: {
    controls: 'Player controls',
    clip: 'Clip',
    dialog: 'Make a clip',
    title: 'Title',
    length: '15 s',
    make: 'Make clip',
    made: 'The clip is ready.',
    copy: 'Copy link',
    copied: 'Link copied.',
    list: 'Clips',
    remove: 'Delete clip',
  },
} as const;

/** Seconds the live's rewind playlist holds (docs/INGEST.md "Rewind"), read as a player reads it. */
async function heldS(request: APIRequestContext, channelId: number): Promise<number> {
  const res = await request.get(`/api/channels/${channelId}/stream?option=all`);
  if (!res.ok()) return 0;
  const { sources } = (await res.json()) as { sources: { url: string }[] };
  const master = new URL(sources[0]!.url);
  const dvr = master.pathname.replace(/\/hls\/(\d+)\.m3u8$/, '/dvr/$1_src/index.m3u8');
  const playlist = await request.get(dvr);
  if (!playlist.ok()) return 0;
  return [...(await playlist.text()).matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);
}

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: a viewer clips 15 s from the player, copies the link, and the clip plays with its share card`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[locale];
    const bj = await contextIn(browser, 'ko');
    const { channelId, url, streamKey } = await freshLive(bj.page.request, request, `클립 ${locale}`, `cl${locale}`);
    encoder = pushWithFfmpeg(url, streamKey, 150);
    const viewer = await contextIn(browser, locale);
    await viewer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpFresh(viewer.page.request, `cv${locale}`);
    const page = viewer.page;
    // Korean on a 375-px phone, English on a desktop window.
    if (locale === 'ko') await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/channels/${channelId}/live`);
    await expectVideoAdvances(page, 1);
    await expect
      .poll(() => heldS(page.request, channelId), { timeout: 90_000, intervals: [2000] })
      .toBeGreaterThanOrEqual(20);

    const controls = page.getByRole('group', { name: w.controls });
    await controls.getByRole('button', { name: w.clip, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.dialog });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(locale === 'ko' ? 375 : page.viewportSize()!.width);
    const title = `골 장면 ${locale}`;
    await dialog.getByRole('textbox', { name: w.title }).fill(title);
    await dialog.getByRole('radio', { name: w.length }).check();
    await dialog.getByRole('button', { name: w.make }).click();
    await expect(dialog.getByRole('status')).toHaveText(w.made, { timeout: 30_000 });
    await dialog.getByRole('button', { name: w.copy }).click();
    await expect(dialog.getByRole('status')).toHaveText(w.copied);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/clips\/[\w-]{12}$/);
    const clipId = link.split('/').pop()!;

    // The clip's page plays it: 15 s (±3) of the live, and it moves.
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const video = page.getByTestId('clip-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(12);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThanOrEqual(18);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);

    // The share card, as a messenger's crawler reads the page (no cookies).
    const html = await (await request.get(`/clips/${clipId}`)).text();
    const meta = (property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(html)?.[1] ?? null;
    expect(meta('og:title')).toBe(title);
    expect(meta('og:video')).toMatch(new RegExp(`/media/[^/]+/clips/\\d+/${clipId}\\.mp4$`));
    expect(meta('og:video:type')).toBe('video/mp4');
    expect(meta('og:image')).toMatch(new RegExp(`/clips/\\d+/${clipId}\\.jpg$`));
    const mp4 = await request.get(new URL(meta('og:video')!).pathname);
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()['content-type']).toBe('video/mp4');

    // The channel page lists it.
    await page.goto(`/channels/${channelId}`);
    const list = page.getByRole('region', { name: w.list, exact: true });
    await expect(list.getByRole('link', { name: new RegExp(title) })).toBeVisible();

    // The BJ (in Korean) deletes it from the channel page.
    await bj.page.goto(`/channels/${channelId}`);
    const bjList = bj.page.getByRole('region', { name: WORDS.ko.list, exact: true });
    await bjList.getByRole('button', { name: `${WORDS.ko.remove}: ${title}` }).click();
    await expect(bjList.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
    expect((await request.get(`/api/clips/${clipId}`)).status()).toBe(404);
    await bj.context.close();
    await viewer.context.close();
  });
}
