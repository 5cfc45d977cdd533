/**
 * The recorder contract (docs/INGEST.md "Recorders"): `GET /api/channels/{id}/stream?option=all`
 * read exactly as two recorders in the wild read it, through the real worker in front of the real
 * API and media server, for every open live (the seeded demo lives and one pushed by ffmpeg), and
 * 400 for a channel off the air or unknown.
 * yt-dlp itself is not installed here: both are simulated from their source, field by field.
 * - yt-dlp's ttinglive/FlexTV extractor (yt_dlp/extractor/flextv.py): 400 is "not live"; formats
 *   from `sources[].url` for `ivs` (an m3u8 master) and `sources[].urlDetail.{hls,flv}.resolution[]`
 *   (`url`, `resolution` as height, `suffixName`); `stream.title`, `stream.createdAt` (ISO 8601),
 *   `thumbUrl` (a URL), `owner.name`, `owner.id`.
 * - biliup's ttinglive plugin (biliup/plugins/ttinglive.py): 400 is "not live"; `title` and
 *   `thumbUrl` read as keys; `sources[0].url` parsed as an m3u8 master (`is_variant`), the
 *   variant of highest bandwidth taken, its `uri` used as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { liveOf, push, startEdge, startIngestStack, waitFor, type IngestStack, type Push } from '../ingest/harness.ts';
import type { WorkerUnderTest } from '../../worker/testing/harness.ts';

let stack: IngestStack;
let edge: WorkerUnderTest;
let pushed: Push;
let pushedChannel: number;
let offlineChannel: number;

beforeAll(async () => {
  // A small ladder (media/ladder.ts): the 640x360 push is offered as its source, 360p and 240p.
  stack = await startIngestStack({
    graceMs: 5000,
    env: { MEDIA_LADDER: '360p30:500k,240p30:300k', MEDIA_LADDER_PRESET: 'ultrafast', MEDIA_LADDER_MIN_SPEED: '0.05' },
  });
  edge = await startEdge(stack);
  pushedChannel = await stack.newChannel('recorded');
  offlineChannel = await stack.newChannel('offline');
  const { streamKey } = await issueStreamKey(stack.deps, pushedChannel, 'panel');
  pushed = push(stack.rtmpUrl, streamKey, 120, { size: '640x360', rate: 30, gop: 60 });
  const live = await waitFor('the pushed live', () => liveOf(stack.database, pushedChannel), 20_000, {
    encoder: pushed,
    stack,
  });
  // Every rendition listed in the master before a recorder looks.
  await waitFor(
    'the ladder’s master playlist',
    async () => {
      const res = await stack.mediaOrigin(`/hls/${live.id}.m3u8`);
      return res.ok && ((await res.text()).match(/#EXT-X-STREAM-INF/g) ?? []).length === 3;
    },
    30_000,
    { encoder: pushed, stack },
  );
  // A recorder that starts now finds segments and a picture (the first is taken within seconds).
  await waitFor(
    'the pushed live’s picture',
    async () => ((await liveOf(stack.database, pushedChannel))?.thumbnail ? live : null),
    30_000,
  );
}, 180_000);
afterAll(async () => {
  pushed?.child.kill('SIGINT');
  await edge?.close();
  await stack?.close();
});

/** An HTTP GET as a recorder makes it: an absolute URL on the site, through the worker; no cookie. */
function get(url: string): Promise<Response> {
  const { pathname, search } = new URL(url, 'http://localhost');
  return edge.fetch(`http://localhost${pathname}${search}`);
}
const streamUrl = (channelId: number) => `http://localhost/api/channels/${channelId}/stream?option=all`;

/** The parts of an m3u8 the recorders use (the m3u8 library's `is_variant`, playlists, segments). */
function parseM3u8(text: string) {
  const lines = text.split('\n').map((l) => l.trim());
  const playlists: { uri: string; bandwidth: number; resolution: string | null }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attrs = Object.fromEntries(
      [...line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map((m) => [m[1], m[2]!.replace(/"/g, '')]),
    );
    playlists.push({
      uri: lines.slice(i + 1).find((l) => l && !l.startsWith('#'))!,
      bandwidth: Number(attrs.BANDWIDTH),
      resolution: attrs.RESOLUTION ?? null,
    });
  });
  return {
    isVariant: playlists.length > 0,
    playlists,
    segments: lines.filter((l) => l && !l.startsWith('#') && !playlists.some((p) => p.uri === l)),
  };
}

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/[^\s/]+\/\S*$/.test(v);

/** yt-dlp's FlexTVIE._real_extract, step by step. */
async function ytDlp(channelId: number) {
  const res = await get(streamUrl(channelId));
  if (res.status === 400) return { live: false as const };
  expect(res.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: read as a recorder reads JSON, by field, unchecked
  const data = (await res.json()) as Record<string, any>;
  const formats: { format_id: string; url: string; height: number | null; protocol: string }[] = [];
  for (const stream of (data.sources ?? []).filter((s: unknown) => typeof s === 'object' && s !== null)) {
    if (stream.format === 'ivs' && isUrl(stream.url)) {
      // _extract_m3u8_formats: the master's variants, each resolved against the master's address.
      const master = parseM3u8(await (await get(stream.url)).text());
      for (const p of master.playlists)
        formats.push({
          format_id: 'ivs',
          url: new URL(p.uri, stream.url).toString(),
          height: null,
          protocol: 'm3u8_native',
        });
    }
    for (const type of ['hls', 'flv']) {
      for (const v of (stream.urlDetail?.[type]?.resolution ?? []).filter((d: { url?: unknown }) => isUrl(d.url))) {
        formats.push({
          format_id: `${type}${v.suffixName ?? ''}`,
          url: v.url,
          height: Number.isInteger(Number(v.resolution)) && v.resolution !== null ? Number(v.resolution) : null,
          protocol: type === 'hls' ? 'm3u8_native' : 'http',
        });
      }
    }
  }
  return {
    live: true as const,
    formats,
    title: typeof data.stream?.title === 'string' ? data.stream.title : undefined,
    // parse_iso8601
    timestamp: typeof data.stream?.createdAt === 'string' ? Date.parse(data.stream.createdAt) / 1000 : undefined,
    thumbnail: isUrl(data.thumbUrl) ? data.thumbUrl : undefined,
    channel: typeof data.owner?.name === 'string' ? data.owner.name : undefined,
    channel_id: data.owner?.id === undefined || data.owner?.id === null ? undefined : String(data.owner.id),
  };
}

/** biliup's TTingLive.acheck_stream. */
async function biliup(channelId: number) {
  const res = await get(streamUrl(channelId));
  if (res.status !== 200) return { live: false as const, status: res.status };
  // biome-ignore lint/suspicious/noExplicitAny: read as a recorder reads JSON, by field, unchecked
  const room = (await res.json()) as Record<string, any>;
  expect(room).toHaveProperty('title');
  expect(room).toHaveProperty('thumbUrl');
  const master = parseM3u8(await (await get(room.sources[0].url)).text());
  expect(master.isVariant).toBe(true);
  const best = master.playlists.reduce((a, b) => (b.bandwidth > a.bandwidth ? b : a));
  return { live: true as const, title: room.title as string, cover: room.thumbUrl as string, rawStreamUrl: best.uri };
}

/** Fetches a format the way the downloader would: an HLS media playlist and one of its segments, or the FLV head. */
async function download(format: { url: string; protocol: string }): Promise<string> {
  if (format.protocol === 'http') {
    const res = await get(format.url);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return new TextDecoder().decode(value!.slice(0, 3));
  }
  const playlist = parseM3u8(await (await get(format.url)).text());
  expect(playlist.segments.length).toBeGreaterThan(0);
  const ts = await get(new URL(playlist.segments.at(-1)!, format.url).toString());
  expect(ts.status).toBe(200);
  return new Uint8Array(await ts.arrayBuffer())[0] === 0x47 ? 'TS' : 'not TS';
}

/** Every live a guest may watch (the recorders send no cookie): not adult, no password. */
async function openLives(): Promise<number[]> {
  const list = (await (await get('http://localhost/api/lives?limit=100')).json()) as {
    list: { channelId: number; locked: boolean; hasPassword: boolean; adult: boolean }[];
  };
  return list.list.filter((l) => !l.locked && !l.hasPassword && !l.adult).map((l) => l.channelId);
}

describe('yt-dlp’s ttinglive extractor', () => {
  it('finds formats, title, start time, thumbnail and owner for every open live, the pushed one included', async () => {
    const channels = await openLives();
    expect(channels).toContain(pushedChannel);
    expect(channels.length).toBeGreaterThanOrEqual(3);
    for (const channelId of channels) {
      const info = await ytDlp(channelId);
      expect(info.live, `channel ${channelId}`).toBe(true);
      if (!info.live) continue;
      expect(info.formats.length, `formats of channel ${channelId}`).toBeGreaterThan(0);
      expect(info.title).toEqual(expect.any(String));
      expect(info.timestamp).toBeGreaterThan(1_600_000_000);
      expect(info.thumbnail, `thumbnail of channel ${channelId}`).toMatch(/^https?:\/\//);
      expect(info.channel).toEqual(expect.any(String));
      expect(info.channel_id).toMatch(/^\d+$/);
      for (const format of info.formats) expect(await download(format), format.url).toMatch(/^(TS|FLV)$/);
    }
  });

  it('gets an HLS and an HTTP-FLV format of every rendition, with its height, for a pushed live', async () => {
    const info = await ytDlp(pushedChannel);
    if (!info.live) throw new Error('the pushed live is not live');
    expect(info.formats.map((f) => [f.format_id, f.protocol, f.height])).toEqual([
      ['hlssrc', 'm3u8_native', 360],
      ['hls360p', 'm3u8_native', 360],
      ['hls240p', 'm3u8_native', 240],
      ['flvsrc', 'http', 360],
      ['flv360p', 'http', 360],
      ['flv240p', 'http', 240],
    ]);
    for (const format of info.formats)
      expect(await download(format), format.url).toBe(format.protocol === 'http' ? 'FLV' : 'TS');
  });

  it('tells an offline channel and an unknown one apart from an error: 400, UserNotLive', async () => {
    expect(await ytDlp(offlineChannel)).toEqual({ live: false });
    expect(await ytDlp(987_654)).toEqual({ live: false });
  });
});

describe('biliup’s ttinglive plugin', () => {
  it(
    'reads title and cover, and takes the highest-bandwidth variant of sources[0].url as an absolute address it ' +
      'can download',
    async () => {
      for (const channelId of await openLives()) {
        const room = await biliup(channelId);
        expect(room.live, `channel ${channelId}`).toBe(true);
        if (!room.live) continue;
        expect(room.title).toEqual(expect.any(String));
        expect(room.cover).toMatch(/^https?:\/\//);
        expect(room.rawStreamUrl).toMatch(/^https?:\/\//);
        expect(await download({ url: room.rawStreamUrl, protocol: 'm3u8_native' })).toBe('TS');
      }
    },
  );

  it('checks an offline channel: 400, not live', async () => {
    expect(await biliup(offlineChannel)).toEqual({ live: false, status: 400 });
    expect(await biliup(987_654)).toEqual({ live: false, status: 400 });
  });
});
