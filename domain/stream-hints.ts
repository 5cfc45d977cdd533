/**
 * What a player of an HLS live asks for first, read from the playlists themselves: the worker
 * (worker/routes/stream-hints.ts) writes these addresses into the live page (`data-prefetch` on the
 * script after the player, domain/live-video.ts PREFETCH_SCRIPT_ATTR) and that script fetches them all
 * at once, while the page is still being parsed (src/islands/player/prefetch-ahead.ts). A player's own requests go
 * one after another (master, variant, segment), and Chromium's own HLS makes each of them through
 * the page's main thread, behind the page's parsing and first render; fetched ahead, each of them is
 * answered from the browser's cache (docs/BENCHMARKS.md, "The live's first requests fetched ahead").
 */

/** At most this many addresses: the master, its first variant and the segments a player starts with. */
export const STREAM_HINTS_MAX = 4;

/** A playlist longer than this is read no further (a live's is a few hundred bytes; the demo's too). */
export const HINT_PLAYLIST_MAX_CHARS = 64 * 1024;

/**
 * The URI lines of a playlist (every line that is neither empty nor a tag or comment), resolved against its address.
 */
function uriLines(text: string, base: string): { uri: string; before: string[] }[] {
  const out: { uri: string; before: string[] }[] = [];
  let tags: string[] = [];
  for (const raw of text.slice(0, HINT_PLAYLIST_MAX_CHARS).split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      tags.push(line);
      continue;
    }
    try {
      out.push({ uri: new URL(line, base).toString(), before: tags });
    } catch {
      // Not an address: a player would fail on it too; nothing to fetch ahead.
    }
    tags = [];
  }
  return out;
}

/** Whether a media playlist ends (`#EXT-X-ENDLIST`: a recording, the seeded demo): it never changes again. */
export const endsText = (text: string): boolean => /^#EXT-X-ENDLIST\b/m.test(text);

/** Whether a playlist is a master playlist (it lists variants, not segments). */
export const isMasterText = (text: string): boolean => /^#EXT-X-STREAM-INF:/m.test(text);

/** The first variant of a master playlist (the one players start with when they know nothing better), or null. */
export function firstVariant(master: string, base: string): string | null {
  return uriLines(master, base).find((l) => l.before.some((t) => t.startsWith('#EXT-X-STREAM-INF:')))?.uri ?? null;
}

/**
 * The segments a player starts a media playlist with, at most `count`:
 * - a playlist that ends (`#EXT-X-ENDLIST`: a recording, the seeded demo) from its first segment;
 * - a live one from the segment RFC 8216 §6.3.3 has a client start at: the last one that starts at
 *   least three target durations before the playlist's end (its first when it is shorter). Only that
 *   one: hls.js starts there, and Chromium's own HLS reads it first and then moves on towards the
 *   live edge by its own rule.
 */
export function startSegments(media: string, base: string, count = 2): string[] {
  const lines = uriLines(media, base);
  if (lines.length === 0) return [];
  if (endsText(media)) return lines.slice(0, count).map((l) => l.uri);
  const target = Number(/^#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/m.exec(media)?.[1]);
  const durations = lines.map((l) =>
    Number(/^#EXTINF:(\d+(?:\.\d+)?)/.exec(l.before.findLast((t) => t.startsWith('#EXTINF:')) ?? '')?.[1]),
  );
  if (!(target > 0) || durations.some((d) => !(d >= 0))) return [];
  const end = durations.reduce((a, b) => a + b, 0);
  let start = 0;
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    if (end - at >= 3 * target) start = i;
    at += durations[i]!;
  }
  return [lines[start]!.uri];
}
