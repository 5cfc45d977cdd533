/**
 * A locked live's media is refused, not only its API answer: with the real media server, the real
 * API and the real worker (workerd) in front, a password live's and an adult live's playlists and
 * segments fetched from the media origin directly, or through the worker without a token, with
 * another live's token or with an expired one, are refused; a viewer the API lets watch plays
 * them through the worker with the addresses its answer holds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { startBroadcast } from '../../api/ingest/broadcast.ts';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { signMediaUrl } from '../../api/lives/media-urls.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import type { WorkerUnderTest } from '../../worker/testing/harness.ts';
import { liveOf, push, startEdge, startIngestStack, waitFor, type IngestStack, type Push } from './harness.ts';

let stack: IngestStack;
let edge: WorkerUnderTest;
const pushes: Push[] = [];
/** A password live, an adult live and an open live, each pushed by ffmpeg. */
const lives = {
  password: { channelId: 0, streamId: 0 },
  adult: { channelId: 0, streamId: 0 },
  open: { channelId: 0, streamId: 0 },
};

async function pushed(channelId: number) {
  const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
  pushes.push(push(stack.rtmpUrl, streamKey, 90));
  const live = await waitFor('the live', () => liveOf(stack.database, channelId), 20_000, {
    encoder: pushes.at(-1)!,
    stack,
  });
  await waitFor(
    'a segment',
    async () => /\.ts\s*$/m.test(await (await stack.mediaOrigin(`/hls/${live.id}_src/index.m3u8`)).text()),
    30_000,
  );
  return { channelId, streamId: live.id };
}

beforeAll(async () => {
  stack = await startIngestStack({ graceMs: 5000 });
  edge = await startEdge(stack);
  const locked = await stack.newChannel('locked');
  await startBroadcast(stack.deps, locked, { passwordHash: await hashPassword('pass1234') });
  const adult = await stack.newChannel('adultch');
  await stack.database.db.update(channels).set({ adultBroadcast: true }).where(eq(channels.id, adult));
  const open = await stack.newChannel('opench');
  [lives.password, lives.adult, lives.open] = await Promise.all([pushed(locked), pushed(adult), pushed(open)]);
}, 180_000);
afterAll(async () => {
  for (const p of pushes) p.child.kill('SIGINT');
  await edge?.close();
  await stack?.close();
});

/** A member's Cookie header (as the browser sends it through the worker). */
async function cookieOf(channelOwnerOf: number | null, opts: { verified?: boolean } = {}): Promise<string> {
  let memberId: number;
  if (channelOwnerOf === null) {
    const [m] = await stack.database.db
      .insert(members)
      .values({
        loginId: `v${Date.now() % 1e9}`,
        nickname: `v${Date.now() % 1e7}`,
        passwordHash: 'x',
        device: 'PCWEB',
        identityVerified: opts.verified ?? false,
      })
      .returning({ id: members.id });
    memberId = m!.id;
  } else {
    memberId = (
      await stack.database.db.select({ id: channels.ownerId }).from(channels).where(eq(channels.id, channelOwnerOf))
    )[0]!.id;
  }
  return `flx_oauth_access=${await signAccessToken(memberId, 'media-gating', stack.deps.config.jwtSecret)}`;
}

const viaEdge = (url: string, cookie?: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return edge.fetch(`http://localhost${pathname}${search}`, cookie ? { headers: { cookie } } : {});
};
const streamAnswer = (channelId: number, cookie?: string) =>
  viaEdge(`/api/channels/${channelId}/stream?option=all`, cookie);

/** Plays a live the way a player does: master, then its variant, then a segment; all must answer. */
async function play(master: string): Promise<Uint8Array> {
  const masterRes = await viaEdge(master);
  expect(masterRes.status).toBe(200);
  const variant = (await masterRes.text()).split('\n').find((l) => l.startsWith('http'))!;
  const playlist = await viaEdge(variant);
  expect(playlist.status).toBe(200);
  const segment = (await playlist.text()).split('\n').find((l) => l.endsWith('.ts'))!;
  const ts = await viaEdge(new URL(segment, variant).toString());
  expect(ts.status).toBe(200);
  return new Uint8Array(await ts.arrayBuffer());
}

/** Every media path of a live: master, variant playlist, a current segment, HTTP-FLV, picture. */
async function pathsOf(streamId: number): Promise<string[]> {
  const playlist = await (await stack.mediaOrigin(`/hls/${streamId}_src/index.m3u8`)).text();
  const segment = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
  return [
    `hls/${streamId}.m3u8`,
    `hls/${streamId}_src/index.m3u8`,
    `hls/${streamId}_src/${segment}`,
    `flv/${streamId}.flv`,
  ];
}

describe('a locked live’s media', () => {
  it('is refused to the API’s own callers who may not watch (no password pass, no identity verification)', async () => {
    expect((await streamAnswer(lives.password.channelId)).status).toBe(403);
    expect((await streamAnswer(lives.password.channelId, await cookieOf(null))).status).toBe(403);
    expect((await streamAnswer(lives.adult.channelId)).status).toBe(401);
    expect((await streamAnswer(lives.adult.channelId, await cookieOf(null))).status).toBe(403);
  });

  it('is refused from the media origin directly: every playlist and segment (no edge key)', async () => {
    for (const live of [lives.password, lives.adult]) {
      for (const path of await pathsOf(live.streamId)) {
        const res = await stack.mediaOrigin(`/${path}`, { edge: false });
        expect(res.status, path).toBe(403);
        await res.body?.cancel();
      }
    }
  });

  it('is refused through the worker without a token, with another live’s token, or with an expired one', async () => {
    const open = (await (await streamAnswer(lives.open.channelId)).json()) as { sources: { url: string }[] };
    const openToken = new URL(open.sources[0]!.url).pathname.split('/')[2]!;
    const expired = (path: string) =>
      signMediaUrl(stack.env.MEDIA_TOKEN_SECRET!, `/media/${path}`, Math.floor(Date.now() / 1000) - 1);
    for (const live of [lives.password, lives.adult]) {
      for (const path of await pathsOf(live.streamId)) {
        for (const address of [`/media/${path}`, `/media/${openToken}/${path}`, expired(path)]) {
          const res = await viaEdge(address);
          expect([403, 404], `${address}`).toContain(res.status);
          await res.body?.cancel();
        }
      }
    }
    // The open live's own token plays the open live.
    expect((await play(open.sources[0]!.url))[0]).toBe(0x47);
  });

  it('plays for a viewer the API lets watch: the BJ of the password live, a verified member on the adult live', async () => {
    const bj = (await (
      await streamAnswer(lives.password.channelId, await cookieOf(lives.password.channelId))
    ).json()) as { sources: { url: string }[] };
    expect((await play(bj.sources[0]!.url))[0]).toBe(0x47);
    const verified = await streamAnswer(lives.adult.channelId, await cookieOf(null, { verified: true }));
    expect(verified.status).toBe(200);
    const answer = (await verified.json()) as {
      sources: { url: string; urlDetail: { flv: { resolution: { url: string }[] } } }[];
    };
    expect((await play(answer.sources[0]!.url))[0]).toBe(0x47);
    // HTTP-FLV (bp_flv) through the worker, with the same answer's address.
    const flv = await viaEdge(answer.sources[0]!.urlDetail.flv.resolution[0]!.url);
    expect(flv.status).toBe(200);
    const reader = flv.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    expect(new TextDecoder().decode(value!.slice(0, 3))).toBe('FLV');
  });
});
