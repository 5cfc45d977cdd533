/**
 * The first requests of a live page's HLS player, found at the edge: the master playlist (the
 * source itself), its first variant and the segments a player starts that variant with
 * (domain/stream-hints.ts). The worker reads the playlists where it would answer them to the browser
 * (its own demo master, the media proxy, the site's files), with no request leaving it but the media
 * proxy's to the media origin, and gives up after HINTS_WAIT_MS with what it has by then. The page
 * gets them in the script right after its player (src/islands/player/prefetch-ahead.ts), sent after
 * the video (live-source.ts), and fetches them ahead; the player's own requests are then answered
 * from the browser's cache, which is why the master and a live's variant playlists are cacheable for
 * a moment (media-proxy.ts, demo-master.ts, public/_headers).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { DEMO_MASTER_PATH, type LiveSource } from '../../domain/live-video.ts';
import { MEDIA_PREFIX } from '../../domain/media.ts';
import {
  endsText,
  firstVariant,
  HINT_PLAYLIST_MAX_CHARS,
  isMasterText,
  startSegments,
  STREAM_HINTS_MAX,
} from '../../domain/stream-hints.ts';
import { demoMasterPlaylist } from './demo-master.ts';
import { mediaProxy, visibleUrl } from './media-proxy.ts';

/**
 * The longest the script after the player, and the rest of the page, wait for the hints (each playlist read is one
 * request at most).
 */
export const HINTS_WAIT_MS = 150;

/**
 * A playlist of this site as the worker would answer it to the browser, or null (not ours, refused, not a playlist).
 */
async function ownPlaylist(c: Context<AppEnv>, url: string): Promise<string | null> {
  const { pathname } = new URL(url);
  if (!pathname.endsWith('.m3u8')) return null;
  if (pathname === DEMO_MASTER_PATH) return demoMasterPlaylist(url);
  let ctx: typeof c.executionCtx | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context (a test's request): a playlist's read needs none.
  }
  const res = pathname.startsWith(MEDIA_PREFIX)
    ? await mediaProxy.request(url, { method: 'GET' }, c.env, ctx)
    : await c.env.ASSETS.fetch(new Request(url));
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  return text.length <= HINT_PLAYLIST_MAX_CHARS && text.startsWith('#EXTM3U') ? text : null;
}

/**
 * What the page fetches ahead for `source`: nothing but for an HLS source of this site's own origin
 * (another origin's playlists are not the worker's to read, and FLV is one endless stream), else the
 * master, then its first variant and that variant's first segments as far as they are known after
 * HINTS_WAIT_MS.
 */
export async function streamHints(c: Context<AppEnv>, source: LiveSource, now = Date.now()): Promise<string[]> {
  if (source.format !== 'hls' || new URL(source.url).origin !== new URL(visibleUrl(c)).origin) return [];
  const hit = found.get(source.url);
  if (hit && now - hit.at < hit.ttl) return hit.hints;
  const { hints, ended } = await readHints(c, source);
  found.delete(source.url);
  if (found.size >= HINTS_MAX_ENTRIES) found.delete(found.keys().next().value!);
  found.set(source.url, { at: now, ttl: ended ? ENDED_HINTS_TTL_MS : LIVE_HINTS_TTL_MS, hints });
  return hints;
}

/**
 * What was found for a source, per isolate, for the next pages of the same stream: the same for every
 * visitor (the playlists are the stream's). A second for a live, whose variant playlist changes with
 * every fragment (the segment a player starts with moves on); a minute for a playlist that ends (the
 * seeded demo's recording), which never changes. Values, not promises (another request's I/O).
 */
const LIVE_HINTS_TTL_MS = 1000;
const ENDED_HINTS_TTL_MS = 60_000;
const HINTS_MAX_ENTRIES = 500;
const found = new Map<string, { at: number; ttl: number; hints: string[] }>();

async function readHints(c: Context<AppEnv>, source: LiveSource): Promise<{ hints: string[]; ended: boolean }> {
  const hints = [source.url];
  const origin = new URL(source.url).origin;
  let ended = false;
  const read = async () => {
    const master = await ownPlaylist(c, source.url);
    if (master === null) return;
    let media = master;
    let mediaUrl = source.url;
    if (isMasterText(master)) {
      const variant = firstVariant(master, source.url);
      if (!variant || new URL(variant).origin !== origin) return;
      hints.push(variant);
      const text = await ownPlaylist(c, variant);
      if (text === null) return;
      media = text;
      mediaUrl = variant;
    }
    for (const segment of startSegments(media, mediaUrl)) if (new URL(segment).origin === origin) hints.push(segment);
    ended = endsText(media);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    read().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, HINTS_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return { hints: hints.slice(0, STREAM_HINTS_MAX), ended };
}
