/**
 * Broadcasting for real (docs/INGEST.md): a fresh member becomes a BJ through the real flow (channel
 * application, the demo operator's approval), copies the server URL and stream key from the
 * broadcast panel, and ffmpeg pushes to them as OBS would. A guest already on the live page sees
 * the pushed video without reloading; stopping the push ends the live after the reconnect grace and
 * leaves a recording that plays.
 */
import { expect, test } from '@playwright/test';
import {
  becomeBj,
  contextIn,
  expectVideoHasFrames,
  pushWithFfmpeg,
  signUpFresh,
  type Encoder,
} from './broadcast-fixtures.ts';
import { countPlayed, expectMainAxeClean, expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

const TITLE = 'ffmpeg로 보내는 방송';
let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

test(
  'a new BJ pushes with the panel’s server URL and key; a guest sees it without reloading; the end leaves a ' +
    'recording that plays',
  async ({ browser, request, baseURL }) => {
    test.setTimeout(180_000);
    const owner = await contextIn(browser, 'ko');
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const ownerCsp = watchCsp(owner.page);
    const loginId = await signUpFresh(owner.page.request, 'ing');
    const channelId = await becomeBj(owner.page.request, request, loginId, '송출 테스트 채널');

    // The panel, on a phone-sized screen: no key yet; one is issued, hidden until revealed, with copy buttons.
    await owner.page.setViewportSize({ width: 375, height: 812 });
    await owner.page.goto(`/channels/${channelId}`);
    const panel = owner.page.getByRole('region', { name: '방송 관리' });
    const encoderSettings = panel.getByRole('region', { name: '송출 설정' });
    await expect(encoderSettings.getByText('아직 스트림 키가 없습니다.')).toBeVisible();
    await encoderSettings.getByRole('button', { name: '스트림 키 발급' }).click();
    const keyField = encoderSettings.getByLabel('스트림 키', { exact: true });
    await expect(keyField).toHaveAttribute('type', 'password');
    await expect(encoderSettings.getByText('이 키는 지금만 볼 수 있습니다.', { exact: false })).toBeVisible();
    // Regenerating asks first: declined, the key stays; accepted, a new key replaces it.
    const firstKey = await keyField.inputValue();
    // Our confirm dialog (issue #39), named by its question.
    const ask = owner.page.getByRole('alertdialog', {
      name: /스트림 키를 새로 발급할까요\? 지금 키는 바로 쓸 수 없게 되고/,
    });
    await encoderSettings.getByRole('button', { name: '스트림 키 재발급' }).click();
    await ask.getByRole('button', { name: '취소' }).click();
    await expect(ask).toHaveCount(0);
    await expect(keyField).toHaveValue(firstKey);
    await encoderSettings.getByRole('button', { name: '스트림 키 재발급' }).click();
    await ask.getByRole('button', { name: '스트림 키 재발급' }).click();
    await expect(keyField).not.toHaveValue(firstKey);
    // Revealed with the keyboard.
    await encoderSettings.getByRole('button', { name: '스트림 키 보기' }).focus();
    await owner.page.keyboard.press('Enter');
    const keyBox = encoderSettings.getByRole('textbox', { name: '스트림 키' });
    await expect(keyBox).toHaveValue(/^live_[\w-]{32}$/);
    await expect(encoderSettings.getByRole('button', { name: '스트림 키 가리기' })).toBeVisible();
    const serverUrl = await encoderSettings.getByRole('textbox', { name: '서버 URL' }).inputValue();
    expect(serverUrl).toMatch(/^rtmp:\/\/localhost:\d+\/live$/);
    const streamKey = await keyBox.inputValue();
    await encoderSettings.getByRole('button', { name: '서버 URL 복사' }).click();
    await expect(encoderSettings.getByRole('status')).toHaveText('서버 URL을 복사했습니다.');
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(serverUrl);
    await encoderSettings.getByRole('button', { name: '스트림 키 복사' }).click();
    await expect(encoderSettings.getByRole('status')).toHaveText('스트림 키를 복사했습니다.');
    const copiedKey = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(copiedKey).toBe(streamKey);
    // Nothing of the panel is wider than the phone.
    const widest = await panel.evaluate((el) =>
      Math.max(...[el, ...Array.from(el.querySelectorAll('*'))].map((e) => e.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(375);
    await encoderSettings.getByText('OBS에서 방송하는 방법').click();
    await expect(encoderSettings.getByRole('listitem')).toHaveCount(4);
    await expectMainAxeClean(owner.page);

    // The BJ starts: nothing is on air until video arrives.
    await panel.getByRole('textbox', { name: '방송 제목' }).fill(TITLE);
    await panel.getByRole('button', { name: '방송 시작' }).click();
    await expect(owner.page.getByRole('status').filter({ hasText: '방송 준비를 마쳤습니다.' })).toBeVisible();
    await expect(
      owner.page
        .getByRole('region', { name: '방송 관리' })
        .getByText('방송 프로그램(OBS 등)에서 송출을 시작하면 방송이 시작됩니다.'),
    ).toBeVisible();
    await expect(owner.page.locator('.channel-header .badge-live')).toHaveCount(0);

    // A guest waits on the live page; the page is never reloaded from here on.
    const guest = await contextIn(browser, 'ko');
    const guestCsp = watchCsp(guest.page);
    await guest.page.goto(`/channels/${channelId}/live`);
    await expect(guest.page.getByText('지금은 방송 중이 아닙니다.')).toBeVisible();
    await guest.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // The encoder, with what was copied from the panel.
    encoder = pushWithFfmpeg(serverUrl, copiedKey);
    await expect(guest.page.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 30_000 });
    await expectVideoAdvances(guest.page, 2);
    await expectVideoHasFrames(guest.page, 320, 180);
    expect(await guest.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The BJ's page follows too.
    await expect(owner.page.locator('.channel-header .badge-live')).toHaveText('LIVE', { timeout: 20_000 });
    await expect(owner.page.getByRole('region', { name: '방송 관리' }).getByText('방송 중입니다.')).toBeVisible();

    // A viewer who arrives mid-broadcast (the live's playlist no longer starts at its first segment)
    // keeps watching: with `loop` on the element, Chromium's own HLS played the first ~3 s it fetched,
    // then stalled for ~10 s or showed nothing (it stopped reloading the playlist).
    await expect
      .poll(
        async () => {
          const answer = (await (await request.get(`/api/channels/${channelId}/stream`)).json()) as {
            sources: { urlDetail: { hls: { resolution: { url: string }[] } } }[];
          };
          const playlist = await (await request.get(answer.sources[0]!.urlDetail.hls.resolution[0]!.url)).text();
          return Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(3);
    const latecomer = await contextIn(browser, 'ko');
    const latePlayed = await countPlayed(latecomer.page);
    await latecomer.page.goto(`/channels/${channelId}/live`);
    const lateVideo = latecomer.page.getByTestId('player-video');
    await expect
      .poll(() => lateVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await lateVideo.evaluate((v: HTMLVideoElement) => v.loop)).toBe(false);
    // 5 s of video played within 20 s: a stall left it where it was; a player that stands still,
    // fetching nothing, is replaced after 6 s and plays on (from the live's position: a jump, not play).
    await expect.poll(latePlayed, { timeout: 20_000 }).toBeGreaterThan(5);
    await latecomer.context.close();
    // The key the panel showed stays masked for anyone who comes later (a reload is a new page).
    await owner.page.reload();
    await expect(
      owner.page.getByRole('region', { name: '송출 설정' }).getByRole('textbox', { name: '스트림 키' }),
    ).toHaveCount(0);
    await expect(owner.page.getByRole('region', { name: '송출 설정' }).getByText(/^live_•+/)).toBeVisible();

    // The push stops: after the reconnect grace the live ends, on the guest's page too.
    await encoder.stop();
    encoder = null;
    await expect(guest.page.getByText('지금은 방송 중이 아닙니다.')).toBeVisible({ timeout: 40_000 });
    expect(await guest.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // What was pushed is a recording: in the channel's recordings, in the home VOD list, and it plays.
    await expect
      .poll(
        async () => {
          const list = (await (await request.get(`/api/channels/${channelId}/recorded-stream-list`)).json()) as {
            list: { streamId: number; title: string }[];
          };
          return list.list.find((r) => r.title === TITLE)?.streamId ?? null;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();
    const vods = (await (await request.get('/api/home/vods?limit=50')).json()) as {
      list: { channelId: number; title: string; durationS: number }[];
    };
    const recording = vods.list.find((v) => v.channelId === channelId);
    expect(recording).toMatchObject({ title: TITLE });
    expect(recording!.durationS).toBeGreaterThanOrEqual(3);
    await guest.page.goto(`/channels/${channelId}`);
    const recordings = guest.page.getByRole('region', { name: '다시보기' });
    await recordings.getByRole('link', { name: new RegExp(TITLE) }).click();
    await expect(guest.page).toHaveURL(/\/vod\/\d+$/);
    await expectVideoAdvances(guest.page, 1);
    await expectVideoHasFrames(guest.page, 320, 180);

    expect([...ownerCsp, ...guestCsp]).toEqual([]);
    await Promise.all([owner.context.close(), guest.context.close()]);
  },
);
