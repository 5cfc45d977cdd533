/**
 * Clips (docs/API.md "Clips"), with the real API, the real media server and the real worker in
 * front: a live pushed by ffmpeg for a minute is clipped 15 s by a member, and the clip plays 15 s
 * (±3, measured by ffprobe on the MP4 fetched through the worker's media path) with a JPEG picture;
 * the refusals are catalogue codes in ko and en (signed out, offline, an adult or password live the
 * member cannot watch, a length or title out of bounds, too many clips); a clip of a password live
 * is locked for a guest; only the channel's BJ (or a manager) deletes one, and its media goes with it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import { channels, clips, members, streams } from '../../api/db/schema/index.ts';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { CLIP_RATE_LIMIT, CLIP_RATE_WINDOW_MS } from '../../domain/limits.ts';
import type { WorkerUnderTest } from '../../worker/testing/harness.ts';
import { liveOf, push, startEdge, startIngestStack, waitFor, type IngestStack, type Push } from '../ingest/harness.ts';

let stack: IngestStack;
let edge: WorkerUnderTest;
let pushed: Push;
let liveChannel: number;
let liveId: number;
let offlineChannel: number;
let adultChannel: number;
let passwordChannel: number;
const work = mkdtempSync(join(tmpdir(), 'clips-test-'));

beforeAll(async () => {
  stack = await startIngestStack({ graceMs: 5000 });
  edge = await startEdge(stack);
  liveChannel = await stack.newChannel('clipped');
  offlineChannel = await stack.newChannel('offline');
  adultChannel = await stack.newChannel('adultclip');
  await stack.database.db.update(channels).set({ adultBroadcast: true }).where(eq(channels.id, adultChannel));
  await onAir(adultChannel, null);
  passwordChannel = await stack.newChannel('pwclip');
  await onAir(passwordChannel, await hashPassword('pass1234'));
  const { streamKey } = await issueStreamKey(stack.deps, liveChannel, 'panel');
  pushed = push(stack.rtmpUrl, streamKey, 90);
  const live = await waitFor('the pushed live', () => liveOf(stack.database, liveChannel), 20_000, {
    encoder: pushed,
    stack,
  });
  liveId = live.id;
  // The live holds 15 s and more of media (its rewind playlist; the edge one is short) before a member clips.
  await waitFor(
    'twenty seconds of the live',
    async () => {
      const res = await stack.mediaOrigin(`/dvr/${liveId}_src/index.m3u8`);
      if (!res.ok) return false;
      const held = [...(await res.text()).matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);
      return held >= 20;
    },
    60_000,
    { encoder: pushed, stack },
  );
}, 180_000);
afterAll(async () => {
  pushed?.child.kill('SIGINT');
  await edge?.close();
  await stack?.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * A channel on the air without an encoder (as a live on another engine looks to the clip route): the
 * refusals that come before any cut need no media.
 */
async function onAir(channelId: number, passwordHash: string | null): Promise<void> {
  const { db } = stack.database;
  await db
    .insert(streams)
    .values({ channelId, type: 1, format: 'hls', url: '/media/hls/0.m3u8', title: 'on air', passwordHash });
  await db.update(channels).set({ broadcasting: true }).where(eq(channels.id, channelId));
}

let n = 0;
/** A new member (identity-verified with `verified`) and their Cookie header. */
async function member(opts: { verified?: boolean } = {}): Promise<{ id: number; cookie: string }> {
  n += 1;
  const [m] = await stack.database.db
    .insert(members)
    .values({
      loginId: `clipper${n}`,
      nickname: `clipper${n}`,
      passwordHash: 'x',
      device: 'PCWEB',
      identityVerified: opts.verified ?? false,
    })
    .returning({ id: members.id });
  return { id: m!.id, cookie: await cookieOfMember(m!.id) };
}
async function cookieOfMember(id: number): Promise<string> {
  return `flx_oauth_access=${await signAccessToken(id, 'clips-test', stack.deps.config.jwtSecret)}`;
}
async function ownerCookie(channelId: number): Promise<string> {
  const [ch] = await stack.database.db.select().from(channels).where(eq(channels.id, channelId));
  return cookieOfMember(ch!.ownerId);
}

function api(path: string, init: { method?: string; cookie?: string; body?: unknown; lang?: string } = {}) {
  return fetch(`${stack.apiOrigin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'accept-language': init.lang ?? 'ko',
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}
const clipOn = (channelId: number, body: unknown, cookie?: string, lang?: string) =>
  api(`/api/channels/${channelId}/clips`, { method: 'POST', body, cookie, lang });

/** Through the worker, as a browser fetches an absolute address the API gave. */
function viaEdge(url: string): Promise<Response> {
  const { pathname, search } = new URL(url, 'http://localhost');
  return edge.fetch(`http://localhost${pathname}${search}`);
}

function probeDurationS(file: string): number {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  });
  return Number.parseFloat(r.stdout.trim());
}

describe('POST /api/channels/{channelId}/clips', () => {
  let clipId: string;

  it('clips the last 15 s of the live: 201 { clipId }, and the clip plays 15 s of it through the worker', async () => {
    const viewer = await member();
    const res = await clipOn(liveChannel, { durationS: 15, title: '  골 장면  ' }, viewer.cookie);
    expect(res.status).toBe(201);
    ({ clipId } = await res.json());
    expect(clipId).toMatch(/^[\w-]{12}$/);

    const got = await (await api(`/api/clips/${clipId}`)).json();
    expect(got).toMatchObject({
      clipId,
      channelId: liveChannel,
      title: '골 장면',
      createdBy: { loginId: `clipper${n}`, nickname: `clipper${n}` },
      locked: false,
      canDelete: false,
    });
    expect(Math.abs(got.durationS - 15)).toBeLessThanOrEqual(3);
    expect(new Date(got.createdAt).getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(got.url).toMatch(new RegExp(`/media/[^/]+/clips/${liveId}/${clipId}\\.mp4$`));

    const mp4 = await viaEdge(got.url);
    expect(mp4.status).toBe(200);
    const bytes = new Uint8Array(await mp4.arrayBuffer());
    // faststart: the index (moov) before the media (mdat).
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.indexOf('moov')).toBeGreaterThan(0);
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
    const file = join(work, 'clip.mp4');
    writeFileSync(file, bytes);
    expect(Math.abs(probeDurationS(file) - 15)).toBeLessThanOrEqual(3);

    const thumb = await viaEdge(got.thumbUrl);
    expect(thumb.status).toBe(200);
    const jpeg = new Uint8Array(await thumb.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  }, 60_000);

  it('is played only with the token: the clip media without one, or straight from the media origin, is refused', async () => {
    const got = await (await api(`/api/clips/${clipId}`)).json();
    const path = new URL(got.url).pathname.replace(/^\/media\/[^/]+\//, '');
    expect((await edge.fetch(`http://localhost/media/${'1'.repeat(10)}.${'a'.repeat(43)}/${path}`)).status).toBe(403);
    expect((await stack.mediaOrigin(`/${path}`, { edge: false })).status).toBe(403);
  });

  it('lists the clip on its channel', async () => {
    const { list } = await (await api(`/api/channels/${liveChannel}/clips`)).json();
    expect(list.map((c: { clipId: string }) => c.clipId)).toContain(clipId);
  });

  it('refuses a guest (401)', async () => {
    const res = await clipOn(liveChannel, { durationS: 15 });
    expect(res.status).toBe(401);
  });

  it('refuses a channel off the air: broadcast_ended, in ko and en', async () => {
    const { cookie } = await member();
    const ko = await clipOn(offlineChannel, { durationS: 15 }, cookie, 'ko');
    expect(ko.status).toBe(404);
    expect(await ko.json()).toMatchObject({ error: 'broadcast_ended', error_msg: '방송자가 방송을 종료 했습니다.' });
    const en = await clipOn(offlineChannel, { durationS: 15 }, cookie, 'en');
    expect(await en.json()).toMatchObject({
      error: 'broadcast_ended',
      error_msg: 'The broadcaster has ended the broadcast.',
    });
  });

  it.each([14, 61, 15.5, '15', null])('refuses durationS %s: 400 clip_duration_invalid', async (durationS) => {
    const { cookie } = await member();
    const ko = await clipOn(liveChannel, { durationS }, cookie, 'ko');
    expect(ko.status).toBe(400);
    expect(await ko.json()).toMatchObject({
      error: 'clip_duration_invalid',
      error_msg: '클립 길이는 15초에서 60초 사이여야 합니다.',
    });
    const en = await clipOn(liveChannel, { durationS }, cookie, 'en');
    expect((await en.json()).error_msg).toBe('A clip must be between 15 and 60 seconds long.');
  });

  it.each(['가'.repeat(61), 42])('refuses the title %s: 400 clip_title_invalid', async (title) => {
    const { cookie } = await member();
    const en = await clipOn(liveChannel, { durationS: 15, title }, cookie, 'en');
    expect(en.status).toBe(400);
    expect(await en.json()).toMatchObject({
      error: 'clip_title_invalid',
      error_msg: 'Give the clip a title of 1 to 60 characters.',
    });
  });

  it('refuses an adult live to a member without identity verification: 403 adult_only', async () => {
    const { cookie } = await member();
    const res = await clipOn(adultChannel, { durationS: 15 }, cookie, 'en');
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('adult_only');
  });

  it('refuses a password live to a member without its pass: 403 password_required', async () => {
    const { cookie } = await member({ verified: true });
    const res = await clipOn(passwordChannel, { durationS: 15 }, cookie, 'ko');
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('password_required');
  });

  it('answers 409 clip_unavailable (never 500) for a live whose engine keeps no media to cut', async () => {
    const res = await clipOn(passwordChannel, { durationS: 15 }, await ownerCookie(passwordChannel), 'en');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'clip_unavailable' });
  });

  it(`limits a member to ${CLIP_RATE_LIMIT} clips per window: 429 rate_limited with Retry-After`, async () => {
    const viewer = await member();
    for (let i = 0; i < CLIP_RATE_LIMIT; i++)
      await stack.deps.sharedLimiter.hit(`clip:${viewer.id}`, {
        limit: CLIP_RATE_LIMIT,
        windowMs: CLIP_RATE_WINDOW_MS,
      });
    const res = await clipOn(liveChannel, { durationS: 15 }, viewer.cookie, 'en');
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET and DELETE /api/clips/{clipId}', () => {
  it('answers 404 clip_not_found for an unknown or malformed id', async () => {
    expect((await (await api('/api/clips/AAAAAAAAAAAA')).json()).error).toBe('clip_not_found');
    const bad = await api('/api/clips/..%2F..', { lang: 'en' });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: 'clip_not_found', error_msg: 'The clip could not be found.' });
  });

  it('locks a clip of a password live for a guest (no title, url or picture), not for its BJ', async () => {
    const [live] = await Promise.all([liveOf(stack.database, passwordChannel)]);
    const [owner] = await stack.database.db.select().from(channels).where(eq(channels.id, passwordChannel));
    await stack.database.db.insert(clips).values({
      id: 'pwclip000001',
      channelId: passwordChannel,
      streamId: live!.id,
      createdBy: owner!.ownerId,
      title: 'secret',
      durationS: 15,
      url: `/media/clips/${live!.id}/pwclip000001.mp4`,
      thumbUrl: null,
    });
    expect(await (await api('/api/clips/pwclip000001')).json()).toMatchObject({
      locked: true,
      title: null,
      url: null,
      thumbUrl: null,
    });
    const bj = await (await api('/api/clips/pwclip000001', { cookie: await ownerCookie(passwordChannel) })).json();
    expect(bj).toMatchObject({ locked: false, title: 'secret', canDelete: true });
  });

  it('lets only the BJ (or a manager) delete a clip, and its media goes with it', async () => {
    const viewer = await member();
    const made = await clipOn(liveChannel, { durationS: 15 }, viewer.cookie);
    expect(made.status).toBe(201);
    const { clipId } = await made.json();
    const { url } = await (await api(`/api/clips/${clipId}`)).json();

    const other = await api(`/api/clips/${clipId}`, { method: 'DELETE', cookie: viewer.cookie, lang: 'en' });
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe('not_channel_manager');

    const bjCookie = await ownerCookie(liveChannel);
    const mine = await (await api(`/api/clips/${clipId}`, { cookie: bjCookie })).json();
    expect(mine.canDelete).toBe(true);
    const done = await api(`/api/clips/${clipId}`, { method: 'DELETE', cookie: bjCookie });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true, clipId });
    expect((await api(`/api/clips/${clipId}`)).status).toBe(404);
    expect((await viaEdge(url)).status).toBe(404);
  }, 60_000);
});
