/**
 * Rewind on the real media server (docs/INGEST.md "Rewind"): a live's source and its rungs are
 * also written as DVR playlists (dvr/{id}_{variant}/index.m3u8, nginx app `dvr`) with their own
 * fragment length and window (MEDIA_REWIND_FRAGMENT_S, MEDIA_REWIND_S; small here so the window
 * is seen to slide within a short push), beside a DVR master (dvr/{id}.m3u8) written by the
 * ladder; the media origin serves them only to the worker, playlists uncached, fragments immutable.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { liveOf, push, startIngestStack, waitFor, type IngestStack, type Push } from './harness.ts';

const WINDOW_S = 6;
const FRAGMENT_S = 1;

interface Playlist {
  sequence: number;
  durations: number[];
  uris: string[];
  ended: boolean;
}

function parsePlaylist(text: string): Playlist {
  const durations: number[] = [];
  const uris: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) durations.push(Number(inf[1]));
    else if (line && !line.startsWith('#')) uris.push(line);
  }
  return {
    sequence: Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0),
    durations,
    uris,
    ended: text.includes('#EXT-X-ENDLIST'),
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const encoders: Push[] = [];
afterAll(() => {
  for (const e of encoders) e.child.kill('SIGKILL');
});

describe('rewind playlists', () => {
  let stack: IngestStack;
  beforeAll(async () => {
    stack = await startIngestStack({
      graceMs: 2000,
      env: {
        MEDIA_LADDER: '144p25:200k',
        MEDIA_LADDER_PRESET: 'ultrafast',
        MEDIA_LADDER_MIN_SPEED: '0.05',
        MEDIA_REWIND_S: String(WINDOW_S),
        MEDIA_REWIND_FRAGMENT_S: String(FRAGMENT_S),
      } as NodeJS.ProcessEnv,
    });
  });
  afterAll(() => stack?.close());

  it('keeps everything since the start until the window is full, then slides it; the source and the rung alike', async () => {
    const channelId = await stack.newChannel('rewind');
    const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
    const encoder = push(stack.rtmpUrl, streamKey, 30);
    encoders.push(encoder);
    const live = await waitFor('the live', () => liveOf(stack.database, channelId), 20_000, { encoder, stack });
    const read = async (path: string) => {
      const res = await stack.mediaOrigin(path);
      return res.ok ? parsePlaylist(await res.text()) : null;
    };

    // Early: the DVR playlist starts at the live's first fragment.
    const early = await waitFor(
      'a DVR playlist with two fragments',
      async () => {
        const p = await read(`/dvr/${live.id}_src/index.m3u8`);
        return p && p.durations.length >= 2 ? p : null;
      },
      25_000,
      { encoder, stack },
    );
    expect(early.sequence).toBe(0);
    expect(early.ended).toBe(false);
    for (const d of early.durations) expect(d).toBeGreaterThanOrEqual(FRAGMENT_S - 0.05);

    // The DVR master lists the variants whose DVR playlists exist, as the edge master does.
    const master = await waitFor(
      'a DVR master with the rung and the source',
      async () => {
        const res = await stack.mediaOrigin(`/dvr/${live.id}.m3u8`);
        const text = res.ok ? await res.text() : '';
        return text.includes(`${live.id}_144p/index.m3u8`) && text.includes(`${live.id}_src/index.m3u8`) ? text : null;
      },
      25_000,
      { encoder, stack },
    );
    expect(master).toMatch(/^#EXTM3U/);

    // Later: the window is full and slides; it never holds less than the window, nor much more.
    for (const variant of ['src', '144p']) {
      const slid = await waitFor(
        `the ${variant} DVR window sliding`,
        async () => {
          const p = await read(`/dvr/${live.id}_${variant}/index.m3u8`);
          return p && p.sequence >= 3 ? p : null;
        },
        30_000,
        { encoder, stack },
      );
      expect(sum(slid.durations)).toBeGreaterThanOrEqual(WINDOW_S - 0.1);
      expect(sum(slid.durations)).toBeLessThanOrEqual(WINDOW_S * 2);
      expect(slid.uris).toHaveLength(WINDOW_S / FRAGMENT_S);
      // A listed fragment is there, immutable; the playlist is never cached by the origin.
      const frag = await stack.mediaOrigin(`/dvr/${live.id}_${variant}/${slid.uris.at(-1)}`);
      expect(frag.status).toBe(200);
      expect(frag.headers.get('cache-control')).toBe(`public, max-age=${WINDOW_S}, immutable`);
      expect((await frag.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      const pl = await stack.mediaOrigin(`/dvr/${live.id}_${variant}/index.m3u8`);
      expect(pl.headers.get('cache-control')).toBe('no-cache');
    }

    // The edge playlist stays short meanwhile.
    const edge = await read(`/hls/${live.id}_src/index.m3u8`);
    expect(edge!.uris.length).toBeLessThanOrEqual(6);

    // Only the worker may read them.
    expect((await stack.mediaOrigin(`/dvr/${live.id}_src/index.m3u8`, { edge: false })).status).toBe(403);
    expect((await stack.mediaOrigin(`/dvr/${live.id}.m3u8`, { edge: false })).status).toBe(403);

    // The live ends (the encoder gone past the grace): its hour of rewind goes with it.
    encoder.child.kill('SIGKILL');
    await waitFor(
      'the rewind folders removed',
      () =>
        !existsSync(join(stack.media, 'dvr', `${live.id}_src`)) &&
        !existsSync(join(stack.media, 'dvr', `${live.id}.m3u8`)),
      40_000,
      { stack },
    );
    expect(existsSync(join(stack.media, 'dvr', `${live.id}_144p`))).toBe(false);
  });
});
