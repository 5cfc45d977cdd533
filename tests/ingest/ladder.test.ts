/**
 * The transcoding ladder on the real media server (media/ladder.ts): a 1280x720 push with 2-s
 * keyframes (as OBS sends) is offered as the source plus 720p, 480p and 360p, each variant's
 * segments that height and our own short fragments; a 480p push gets no 720p; a starved ladder
 * drops its rungs from the top and rewrites the master; publish-done stops every transcoder.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { playbackOf } from '../../api/lives/playback.ts';
import { LIVE_THUMB_INTERVAL_MS } from '../../domain/limits.ts';
import { liveOf, push, startIngestStack, waitFor, type IngestStack, type Push } from './harness.ts';

// However busy the machine, these tests keep their rungs (a threshold of 0.05x); the starved test sets its own.
const LADDER = {
  MEDIA_LADDER: '720p30,480p30,360p30',
  MEDIA_LADDER_PRESET: 'ultrafast',
  MEDIA_GOP_S: '0.5',
  MEDIA_LADDER_MIN_SPEED: '0.05',
};

interface StreamInf {
  attrs: Record<string, string>;
  uri: string;
}

/** The master playlist's variants with their attributes. */
function parseMaster(text: string): StreamInf[] {
  const lines = text.split('\n');
  const out: StreamInf[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attrs: Record<string, string> = {};
    for (const m of line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) attrs[m[1]!] = m[2]!.replace(/"/g, '');
    out.push({ attrs, uri: lines[i + 1]! });
  });
  return out;
}

/** Width and height of a segment's video (ffprobe). */
function segmentSize(file: string): string {
  return execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file],
    { encoding: 'utf8' },
  )
    .split('\n')
    .find((line) => line.trim())!
    .trim();
}

/** The keyframes of a segment's video, by their presentation time (seconds of the live). */
function keyframeTimes(file: string): number[] {
  return execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter((line) => /,K/.test(line))
    .map((line) => Number(line.split(',')[0]));
}

const readMaster = (stack: IngestStack, id: number) => {
  try {
    return readFileSync(join(stack.media, 'hls', `${id}.m3u8`), 'utf8');
  } catch {
    return '';
  }
};

/** The ladder supervisor's running transcoders of each live. */
async function rungPids(stack: IngestStack): Promise<Record<string, Record<string, { pid: number }>>> {
  const res = await fetch(
    `http://127.0.0.1:${stack.ports.ladder}/ladder/rungs?secret=${encodeURIComponent(stack.env.MEDIA_SECRET!)}`,
  );
  return res.json() as Promise<Record<string, Record<string, { pid: number }>>>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every encoder started here: killed after each file's tests, whether they passed or not. */
const encoders: Push[] = [];
afterAll(() => {
  for (const e of encoders) e.child.kill('SIGKILL');
});

async function goLive(stack: IngestStack, name: string, seconds: number, opts: Parameters<typeof push>[3]) {
  const channelId = await stack.newChannel(name);
  const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
  const encoder = push(stack.rtmpUrl, streamKey, seconds, opts);
  encoders.push(encoder);
  const live = await waitFor('the live', () => liveOf(stack.database, channelId), 20_000, { encoder, stack });
  return { channelId, live, encoder };
}

describe('the ladder', () => {
  let stack: IngestStack;
  beforeAll(async () => {
    stack = await startIngestStack({ graceMs: 2000, env: LADDER });
  });
  afterAll(() => stack?.close());

  it('offers a 720p push with 2-s keyframes as the source and three rungs of their own height and short fragments', async () => {
    const { channelId, live, encoder } = await goLive(stack, 'ladder', 40, { size: '1280x720', rate: 30, gop: 60 });
    const master = await waitFor(
      'a master playlist with four variants',
      () => {
        const text = readMaster(stack, live.id);
        return parseMaster(text).length >= 4 ? text : null;
      },
      25_000,
      { encoder, stack },
    );
    const variants = parseMaster(master);
    expect(variants.map((v) => v.uri)).toEqual(
      // The rungs highest first, the source last (players without a pick of their own start on the first).
      ['720p', '480p', '360p', 'src'].map((name) => `${live.id}_${name}/index.m3u8`),
    );
    expect(variants.map((v) => v.attrs.RESOLUTION)).toEqual(['1280x720', '854x480', '640x360', '1280x720']);
    for (const v of variants) {
      expect(Number(v.attrs.BANDWIDTH)).toBeGreaterThan(100_000);
      expect(v.attrs.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      expect(v.attrs['FRAME-RATE']).toBe('30.000');
    }
    // Served as the worker fetches it.
    expect(await (await stack.mediaOrigin(`/hls/${live.id}.m3u8`)).text()).toBe(master);

    // Each variant's segments are that height; the rungs' fragments are ~G (0.5 s), not the BJ's 2 s.
    const keyTimes = new Map<string, number>();
    for (const v of variants.slice(0, -1)) {
      const dir = join(stack.media, 'hls', v.uri.split('/')[0]!);
      const playlist = await waitFor(
        `${v.uri} with three segments`,
        () => {
          const text = readFileSync(join(dir, 'index.m3u8'), 'utf8');
          return (text.match(/\.ts$/gm) ?? []).length >= 3 ? text : null;
        },
        15_000,
        { encoder, stack },
      );
      const segment = playlist.split('\n').findLast((l) => l.endsWith('.ts'))!;
      expect(segmentSize(join(dir, segment))).toBe(v.attrs.RESOLUTION);
      const durations = [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].map((m) => Number(m[1]));
      const sorted = durations.toSorted((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      expect(median).toBeGreaterThanOrEqual(0.4);
      expect(median).toBeLessThanOrEqual(0.8);
      // One keyframe a fragment (x264 makes none of its own), on the same grid of the live's time in every rung.
      const keys = keyframeTimes(join(dir, segment));
      expect(keys).toHaveLength(1);
      keyTimes.set(v.uri, keys[0]!);
    }
    const grid = [...keyTimes.values()].map((t) => Math.round((t % 0.5) * 1000));
    expect(new Set(grid).size, `keyframes at ${[...keyTimes]}`).toBe(1);
    const src = readFileSync(join(stack.media, 'hls', `${live.id}_src`, 'index.m3u8'), 'utf8');
    expect(
      segmentSize(join(stack.media, 'hls', `${live.id}_src`, src.split('\n').findLast((l) => l.endsWith('.ts'))!)),
    ).toBe('1280x720');

    // A rung's HTTP-FLV through the media origin.
    const flv = await stack.mediaOrigin(`/flv/${live.id}_360p.flv`);
    expect(flv.status).toBe(200);
    const reader = flv.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    expect(new TextDecoder().decode(value!.slice(0, 3))).toBe('FLV');

    // The recorder contract lists every rendition, in both formats.
    const sources = await playbackOf(stack.deps, { streamId: live.id, channelId });
    expect(sources.hls.variants).toEqual(
      [
        ['src', 720],
        ['720p', 720],
        ['480p', 480],
        ['360p', 360],
      ].map(([suffixName, resolution]) => ({
        url: `/media/hls/${live.id}_${suffixName}/index.m3u8`,
        resolution,
        suffixName,
      })),
    );
    expect(sources.flv.map((v) => v.url)).toEqual([
      `/media/flv/${live.id}.flv`,
      `/media/flv/${live.id}_720p.flv`,
      `/media/flv/${live.id}_480p.flv`,
      `/media/flv/${live.id}_360p.flv`,
    ]);

    // The live's picture comes from the lowest rendition; the size kept is the source's. The media
    // origin lets the edge keep it as long as a take lasts (LIVE_THUMB_INTERVAL_MS).
    expect(await stack.deps.ingest.provider.liveFrame({ streamId: live.id, channelId })).toEqual({
      thumbnail: `/media/thumbs/${live.id}.jpg`,
      width: 1280,
      height: 720,
    });
    const picture = await stack.mediaOrigin(`/thumbs/${live.id}.jpg`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toBe(`public, max-age=${LIVE_THUMB_INTERVAL_MS / 1000}`);

    // Publish-done stops the transcoders: none left running.
    const pids = Object.values((await rungPids(stack))[live.id] ?? {}).map((r) => r.pid);
    expect(pids).toHaveLength(3);
    encoder.child.kill('SIGKILL');
    await waitFor('the transcoders gone', () => pids.every((pid) => !alive(pid)), 10_000);
    expect((await rungPids(stack))[live.id]).toBeUndefined();
  }, 60_000);

  it('never upscales: a 480p push gets the source, 480p and 360p', async () => {
    const { live, encoder } = await goLive(stack, 'small', 30, { size: '854x480', rate: 30, gop: 60 });
    const master = await waitFor(
      'a master playlist with three variants',
      () => {
        const text = readMaster(stack, live.id);
        return parseMaster(text).length >= 3 ? text : null;
      },
      20_000,
      { encoder, stack },
    );
    // Give a 720p rung, if one were made, the time the others took.
    await new Promise((r) => setTimeout(r, 1000));
    expect(parseMaster(readMaster(stack, live.id)).map((v) => v.attrs.RESOLUTION)).toEqual([
      '854x480',
      '640x360',
      '854x480',
    ]);
    expect(master).not.toContain('_720p');
    expect(Object.keys((await rungPids(stack))[live.id] ?? {}).sort()).toEqual(['360p', '480p']);
    encoder.child.kill('SIGKILL');
    await encoder.exited;
  }, 40_000);
});

describe('a starved ladder', () => {
  let stack: IngestStack;
  beforeAll(async () => {
    // No rung can reach 50x the live's speed: each judgement finds the ladder starved.
    stack = await startIngestStack({
      graceMs: 2000,
      env: { ...LADDER, MEDIA_LADDER: '480p30,360p30,240p30', MEDIA_LADDER_MIN_SPEED: '50' },
    });
  });
  afterAll(() => stack?.close());

  it('drops its rungs from the top, rewriting the master without each', async () => {
    const { live, encoder } = await goLive(stack, 'starved', 30, { size: '854x480', rate: 30, gop: 60 });
    const heights = () =>
      parseMaster(readMaster(stack, live.id))
        .slice(0, -1)
        .map((v) => v.attrs.RESOLUTION!.split('x')[1]);
    await waitFor('three rungs', () => heights().length === 3, 20_000, { encoder, stack });
    expect(heights()).toEqual(['480', '360', '240']);
    await waitFor('480p dropped', () => heights().join() === '360,240', 20_000, { encoder, stack });
    expect(readMaster(stack, live.id)).not.toContain('_480p/');
    await waitFor('360p dropped', () => heights().join() === '240', 20_000, { encoder, stack });
    expect(Object.keys((await rungPids(stack))[live.id] ?? {})).toEqual(['240p']);
    // The last rung goes too: the source alone is left, and the master says so.
    await waitFor('240p dropped', () => heights().length === 0, 20_000, { encoder, stack });
    expect(parseMaster(readMaster(stack, live.id)).map((v) => v.uri)).toEqual([`${live.id}_src/index.m3u8`]);
  }, 70_000);
});
