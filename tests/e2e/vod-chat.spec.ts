/**
 * A recording with its chat (issue #40 point 3): lines sent during a live come back from
 * `GET /api/vods/{id}/chat` at their offsets in the recording (±5 s of the moment the encoder's
 * picture had reached when each was sent), and the recording's page shows them beside the video in
 * step with its position: not before their moment, and gone again after a seek back before it.
 */
import { expect, test, type Page } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, type Encoder } from './broadcast-fixtures.ts';
import { expectVideoAdvances } from './channel-fixtures.ts';

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

async function send(page: Page, text: string, en: boolean): Promise<number> {
  await page.getByRole('textbox', { name: en ? 'Chat message' : '채팅 입력' }).fill(text);
  await page.getByRole('button', { name: en ? 'Send' : '전송', exact: true }).click();
  await expect(page.getByRole('list', { name: en ? 'Chat messages' : '채팅 메시지' }).getByText(text)).toBeVisible();
  return Date.now();
}

async function seekTo(page: Page, seconds: number): Promise<void> {
  await page.getByTestId('player-video').evaluate((v: HTMLVideoElement, t: number) => {
    v.currentTime = t;
  }, seconds);
  await expect.poll(() => position(page)).toBeCloseTo(seconds, 0);
}

const position = (page: Page) => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime);

test("a recording's chat: the endpoint answers the live's lines at their offsets; the page shows them in step (ko, en)", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const bj = await contextIn(browser, 'en');
  const { channelId, url, streamKey } = await freshLive(bj.page.request, request, '채팅 다시보기', 'vch');
  // The recording's position t shows what the encoder sent t s after it started (-re: real time).
  const pushedAt = Date.now();
  encoder = pushWithFfmpeg(url, streamKey, 60);
  await bj.page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(bj.page, 1);
  await expect(bj.page.getByText('Chat connected')).toBeVisible();
  const token = `${Date.now()}`.slice(-6);
  const early = `early line ${token}`;
  const late = `late line ${token}`;
  await bj.page.waitForTimeout(Math.max(0, pushedAt + 8000 - Date.now()));
  const earlyAt = await send(bj.page, early, true);
  await bj.page.waitForTimeout(Math.max(0, earlyAt + 12_000 - Date.now()));
  const lateAt = await send(bj.page, late, true);
  await bj.page.waitForTimeout(4000);
  await encoder.stop();
  encoder = null;
  expect((await bj.page.request.post(`/api/channels/${channelId}/broadcast`, { data: { on: false } })).ok()).toBe(true);

  let vodId = 0;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`/api/channels/${channelId}/recorded-stream-list`)).json()) as {
          list: { streamId: number }[];
        };
        vodId = list.list[0]?.streamId ?? 0;
        return vodId;
      },
      { timeout: 40_000 },
    )
    .toBeGreaterThan(0);

  // The endpoint: both lines, in order, each at its moment in the recording (±5 s).
  const chat = (await (await request.get(`/api/vods/${vodId}/chat?fromS=0&toS=600`)).json()) as {
    lines: { offsetS: number; content: string; role: string }[];
    gifts: unknown[];
  };
  const mine = chat.lines.filter((l) => l.content.endsWith(token));
  expect(mine.map((l) => l.content)).toEqual([early, late]);
  expect(mine[0]!.role).toBe('bj');
  expect(Math.abs(mine[0]!.offsetS - (earlyAt - pushedAt) / 1000)).toBeLessThanOrEqual(5);
  expect(Math.abs(mine[1]!.offsetS - (lateAt - pushedAt) / 1000)).toBeLessThanOrEqual(5);
  const lateOffset = mine[1]!.offsetS;
  console.log(
    `vod-chat: offsets ${mine.map((l) => l.offsetS).join(', ')} s; sent at ${[earlyAt, lateAt].map((t) => ((t - pushedAt) / 1000).toFixed(1)).join(', ')} s of the push`,
  );
  // A bad window is refused with its code.
  const bad = await request.get(`/api/vods/${vodId}/chat?fromS=20&toS=10`, { headers: { cookie: 'locale=en' } });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toBe('vod_chat_range');

  // The page, in Korean: the replay beside the video follows its position.
  const viewer = await contextIn(browser, 'ko');
  const page = viewer.page;
  await page.goto(`/vod/${vodId}`);
  await expectVideoAdvances(page, 0.5);
  const replay = page.getByRole('region', { name: '채팅 다시보기' });
  const rows = replay.getByRole('list', { name: '채팅 메시지' });
  const controls = page.getByRole('group', { name: '플레이어 조작' });
  await controls.getByRole('button', { name: '일시정지' }).click();
  const seek = controls.getByRole('slider', { name: '재생 위치' });
  await seek.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => position(page)).toBeLessThan(1);
  // Before either line's moment: neither is shown.
  await expect(rows.getByText(early)).toHaveCount(0);
  await expect(rows.getByText(late)).toHaveCount(0);
  // Past the late line's moment: both. (The slider's keys move from where the video is; a seek of
  // the element itself goes straight there, as dragging the bar does.)
  await seekTo(page, Math.ceil(lateOffset) + 1);
  await expect(rows.getByText(early)).toBeVisible();
  await expect(rows.getByText(late)).toBeVisible();
  // A seek back between the two: the late line goes, the early one stays.
  await seekTo(page, Math.max(mine[0]!.offsetS + 0.5, lateOffset - 4));
  await expect(rows.getByText(late)).toHaveCount(0);
  await expect(rows.getByText(early)).toBeVisible();
  // Playing on reaches the late line in step.
  await controls.getByRole('button', { name: '재생', exact: true }).click();
  await expect(rows.getByText(late)).toBeVisible({ timeout: 15_000 });
  expect(await position(page)).toBeGreaterThanOrEqual(lateOffset - 0.5);

  // At 375 px the replay sits under the video, no wider than the phone.
  await page.setViewportSize({ width: 375, height: 800 });
  const box = await replay.boundingBox();
  const video = await page.getByTestId('player-video').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.y).toBeGreaterThanOrEqual(video!.y + video!.height - 1);

  // In English the replay names itself in English.
  const english = await contextIn(browser, 'en');
  await english.page.goto(`/vod/${vodId}`);
  await expect(english.page.getByRole('region', { name: 'Chat replay' })).toBeVisible();
  await Promise.all([bj.context.close(), viewer.context.close(), english.context.close()]);
});
