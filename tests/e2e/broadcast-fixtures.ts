/** Helpers for the broadcasting specs: a fresh BJ through the real flow, and ffmpeg as the encoder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { signIn } from './channel-fixtures.ts';

export async function contextIn(
  browser: Browser,
  locale: 'ko' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
  return { context, page: await context.newPage() };
}

/** Signs a fresh member up in `request`'s cookie jar; returns the login ID. */
export async function signUpFresh(request: APIRequestContext, prefix: string): Promise<string> {
  const loginId = freshId(prefix);
  const res = await request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `b${loginId.slice(-8)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
  return loginId;
}

/** The member applies for a channel and the demo operator approves it: the new channel's id. */
export async function becomeBj(
  member: APIRequestContext,
  operator: APIRequestContext,
  loginId: string,
  channelTitle = '같이 공부해요',
): Promise<number> {
  expect((await member.post('/api/my/chennel-register', { data: { channelTitle } })).status()).toBe(201);
  await signIn(operator, 'op0001');
  const decision = await operator.post(`/api/my/chennel-register/${loginId}/decision`, { data: { approve: true } });
  expect(decision.status()).toBe(200);
  const { channelId } = (await decision.json()) as { channelId: number };
  expect(channelId).toBeGreaterThan(0);
  return channelId;
}

export interface Encoder {
  child: ChildProcess;
  /** ffmpeg's exit code once it stops. */
  exited: Promise<number>;
  stop(): Promise<number>;
}

/**
 * `ffmpeg -re -f lavfi -i testsrc2 … -f flv {server}/{key}`, as a BJ's encoder: by default a 320x180 test
 * pattern with a tone (small and fast: the machine has two shared cores; below the ladder's lowest rung,
 * so nothing is transcoded); `obs720`: 1280×720 with OBS's recommended 2-s keyframes and no zerolatency,
 * which the e2e stack's ladder (scripts/e2e-stack.ts) makes 480p and 360p of.
 */
export function pushWithFfmpeg(
  serverUrl: string,
  streamKey: string,
  seconds = 120,
  picture: 'small' | 'obs720' = 'small',
): Encoder {
  const video =
    picture === 'obs720'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-keyint_min', '50', '-b:v', '1500k']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'];
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...[
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${picture === 'obs720' ? '1280x720' : '320x180'}:rate=25:duration=${seconds}`,
      ],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...video,
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `${serverUrl}/${streamKey}`],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return {
    child,
    exited,
    stop() {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** A fresh BJ with a stream key and the live started (on the air once video arrives): where its encoder pushes. */
export async function freshLive(
  member: APIRequestContext,
  operator: APIRequestContext,
  title: string,
  prefix: string,
): Promise<{ channelId: number; url: string; streamKey: string }> {
  const loginId = await signUpFresh(member, prefix);
  const channelId = await becomeBj(member, operator, loginId, `${title} 채널`);
  const key = await member.post('/api/my/channel/stream-key');
  expect(key.ok(), 'stream key').toBe(true);
  const { url, streamKey } = (await key.json()) as { url: string; streamKey: string };
  const start = await member.post(`/api/channels/${channelId}/broadcast`, { data: { on: true, title } });
  expect(start.ok(), 'broadcast start').toBe(true);
  return { channelId, url, streamKey };
}

/** The video on the page shows pictures: it has a size, and a frame drawn from it is not blank. */
export async function expectVideoHasFrames(page: Page, width: number, height: number): Promise<void> {
  const video = page.getByTestId('player-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]), { timeout: 20_000 })
    .toEqual([width, height]);
  const distinct = await video.evaluate((v: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 18;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(v, 0, 0, 32, 18);
    const data = ctx.getImageData(0, 0, 32, 18).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4)
      colours.add((data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4));
    return colours.size;
  });
  // testsrc2 is a colourful pattern: a blank or black frame has one or two colours.
  expect(distinct).toBeGreaterThan(8);
}
