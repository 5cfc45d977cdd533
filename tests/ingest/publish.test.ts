/**
 * Publishing through the real media server: a right key puts the channel on air with HLS (master
 * and media playlists, segments) and HTTP-FLV; wrong, revoked and second publishers are refused
 * before any video; when the push stops, the live ends after the grace and leaves a recording.
 */
import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../api/db/schema/index.ts';
import { issueStreamKey, revokeStreamKey } from '../../api/ingest/keys.ts';
import { playbackOf } from '../../api/lives/playback.ts';
import { ingestRow, liveOf, push, startIngestStack, waitFor, type IngestStack } from './harness.ts';

let stack: IngestStack;
beforeAll(async () => {
  stack = await startIngestStack({ graceMs: 3000 });
});
afterAll(() => stack?.close());

const media = (path: string) => stack.mediaOrigin(path);

/** Every file and folder name under the media directory, to prove a key never became one. */
function namesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String);
}

describe('a publish with the channel’s key', () => {
  it('goes on air with HLS and HTTP-FLV, refuses a second encoder meanwhile, and ends into a recording', async () => {
    const channelId = await stack.newChannel('caster');
    const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
    const first = push(stack.rtmpUrl, streamKey, 7);

    const live = await waitFor('the live', () => liveOf(stack.database, channelId), 20_000, { encoder: first, stack });
    expect(live.url).toBe(`/media/hls/${live.id}.m3u8`);
    expect(stack.events).toContainEqual({
      room: String(channelId),
      type: 'broadcast_start',
      data: { channelId, streamId: live.id },
    });
    expect((await ingestRow(stack.database, live.id))?.publishing).toBe(true);

    const master = await waitFor('the master playlist', async () => {
      const res = await media(`/hls/${live.id}.m3u8`);
      return res.ok ? res.text() : null;
    });
    expect(master).toContain('#EXT-X-STREAM-INF');
    const variant = master.split('\n').find((l) => l && !l.startsWith('#'))!;
    expect(variant).toBe(`${live.id}_src/index.m3u8`);
    const playlist = await waitFor('a media playlist with a segment', async () => {
      const res = await media(`/hls/${variant}`);
      const text = res.ok ? await res.text() : '';
      return /\.ts\s*$/m.test(text) ? text : null;
    });
    const segment = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
    const ts = await media(`/hls/${live.id}_src/${segment}`);
    expect(ts.status).toBe(200);
    const tsBytes = new Uint8Array(await ts.arrayBuffer());
    expect(tsBytes[0]).toBe(0x47); // MPEG-TS sync byte

    const flv = await media(`/flv/${live.id}.flv`);
    expect(flv.status).toBe(200);
    const reader = flv.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    expect(new TextDecoder().decode(value!.slice(0, 3))).toBe('FLV');

    // The running live's picture and size (what recorders read as thumbUrl and resolution).
    const pictured = await waitFor('the live picture', async () => {
      const row = (await liveOf(stack.database, channelId))!;
      return row.thumbnail ? row : null;
    });
    expect(pictured.thumbnail).toBe(`/media/thumbs/${live.id}.jpg`);
    const picture = await media(`/thumbs/${live.id}.jpg`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await ingestRow(stack.database, live.id)).toMatchObject({ videoWidth: 320, videoHeight: 180 });
    const sources = await playbackOf(stack.deps, { streamId: live.id, channelId });
    expect(sources.hls.variants).toEqual([
      { url: `/media/hls/${live.id}_src/index.m3u8`, resolution: 180, suffixName: 'src' },
    ]);
    expect(sources.flv).toEqual([{ url: `/media/flv/${live.id}.flv`, resolution: 180, suffixName: 'src' }]);

    // A second encoder with the same key is refused while the first pushes; the first goes on.
    const second = push(stack.rtmpUrl, streamKey, 3);
    expect(await second.exited).not.toBe(0);
    expect((await liveOf(stack.database, channelId))?.id).toBe(live.id);
    expect(await ingestRow(stack.database, live.id)).toMatchObject({ publishing: true, endedAt: null });
    expect(first.child.exitCode).toBeNull();

    expect(await first.exited).toBe(0);
    await waitFor('the disconnect', async () => (await ingestRow(stack.database, live.id))?.publishing === false);
    expect((await liveOf(stack.database, channelId))?.id).toBe(live.id); // still on air within the grace

    const recording = await waitFor(
      'the recording',
      async () => {
        const rows = await stack.database.db.select().from(streams).where(eq(streams.channelId, channelId));
        return rows.find((s) => s.type === 2) ?? null;
      },
      20_000,
    );
    expect(await liveOf(stack.database, channelId)).toBeNull();
    expect(stack.events).toContainEqual({
      room: String(channelId),
      type: 'broadcast_stop',
      data: { channelId, streamId: live.id },
    });
    expect(recording.durationS).toBeGreaterThanOrEqual(5);
    expect(recording.durationS).toBeLessThanOrEqual(9);
    expect(recording.url).toBe(`/media/vod/${live.id}/index.m3u8`);
    expect((await media(`/vod/${live.id}/index.m3u8`)).status).toBe(200);
    const thumb = await media(`/vod/${live.id}/thumb.jpg`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(recording.thumbnail).toBe(`/media/vod/${live.id}/thumb.jpg`);
    // The ended live's HLS is gone; the key never named a file or folder.
    expect((await media(`/hls/${live.id}.m3u8`)).status).toBe(404);
    expect(namesUnder(stack.media).filter((n) => n.includes(streamKey))).toEqual([]);
    // Nothing is left half-live: the live row, its ingest state and the channel agree it ended.
    expect(await ingestRow(stack.database, live.id)).toMatchObject({ publishing: false, endedAt: expect.any(Date) });
    expect((await media(`/thumbs/${live.id}.jpg`)).status).toBe(404);
  });
});

describe('refused before any video', () => {
  it('a wrong key: ffmpeg fails and nothing goes on air', async () => {
    const before = await stack.database.db.select({ id: streams.id }).from(streams);
    const files = namesUnder(stack.media).filter((n) => n.startsWith('hls') || n.startsWith('rec'));
    const wrong = push(stack.rtmpUrl, `live_${'A'.repeat(32)}`, 3);
    expect(await wrong.exited).not.toBe(0);
    expect(wrong.stderr()).toMatch(/Input\/output error|error/i);
    expect(await stack.database.db.select({ id: streams.id }).from(streams)).toEqual(before);
    // Not a byte of it was written.
    expect(namesUnder(stack.media).filter((n) => n.startsWith('hls') || n.startsWith('rec'))).toEqual(files);
  });

  it('a revoked key and a replaced key', async () => {
    const channelId = await stack.newChannel('revoked');
    const { streamKey: old } = await issueStreamKey(stack.deps, channelId, 'panel');
    const { streamKey: current } = await issueStreamKey(stack.deps, channelId, 'panel');
    expect(current).not.toBe(old);
    expect(await push(stack.rtmpUrl, old, 3).exited).not.toBe(0);
    await revokeStreamKey(stack.deps, channelId);
    expect(await push(stack.rtmpUrl, current, 3).exited).not.toBe(0);
    expect(await liveOf(stack.database, channelId)).toBeNull();
  });
});

describe('the callbacks take only the media server', () => {
  const form = (key: string) => new URLSearchParams({ app: 'live', name: key, clientid: '9999', call: 'publish' });

  it('refuses a caller without the secret, through the edge, or not on loopback', async () => {
    const channelId = await stack.newChannel('foreign');
    const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
    const secret = stack.env.MEDIA_SECRET!;
    const url = (s: string) => `${stack.apiOrigin}/api/ingest/publish?secret=${s}`;
    const noSecret = await fetch(url(''), { method: 'POST', body: form(streamKey) });
    expect(noSecret.status).toBe(403);
    expect((await noSecret.json()).error).toBe('media_server_only');
    expect((await fetch(url('x'.repeat(secret.length)), { method: 'POST', body: form(streamKey) })).status).toBe(403);
    const viaEdge = await fetch(url(secret), {
      method: 'POST',
      body: form(streamKey),
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(viaEdge.status).toBe(403);
    // No socket at all (not served from an address on the list): refused too.
    const { createApp } = await import('../../api/app.ts');
    const direct = await createApp(stack.deps).request(url(secret).replace(stack.apiOrigin, ''), {
      method: 'POST',
      body: form(streamKey),
    });
    expect(direct.status).toBe(403);
    expect(await liveOf(stack.database, channelId)).toBeNull();
    // The media server's own call shape is accepted (and renames the stream to the live's id).
    const ok = await fetch(url(secret), { method: 'POST', body: form(streamKey), redirect: 'manual' });
    expect(ok.status).toBe(302);
    const live = await liveOf(stack.database, channelId);
    expect(ok.headers.get('location')).toBe(`${live!.id}_src`);
  });
});
