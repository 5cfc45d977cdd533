/**
 * Cutting a clip (self-hosted engine): the live's rewind playlist (docs/INGEST.md "Rewind":
 * `dvr/{liveId}_src/index.m3u8` on the media origin, else the short edge playlist
 * `hls/{liveId}_src/index.m3u8`) is read over HTTP as the worker reads it (with the edge key); its
 * last fragments that hold `durationS` seconds are fetched, and ffmpeg joins them without
 * re-encoding (`-c copy`) into an MP4 with its index first (faststart), trimmed to the last
 * `durationS` seconds (from the keyframe at or before the cut), and
 * takes a JPEG of its first frame.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_EDGE_HEADER } from '../../domain/media.ts';

const FETCH_TIMEOUT_MS = 10_000;
const FFMPEG_TIMEOUT_MS = 60_000;

export interface ClipSource {
  /** The media origin, e.g. http://127.0.0.1:8790 */
  origin: string;
  edgeKey: string;
  streamId: number;
}

export interface CutClip {
  durationS: number;
  hasThumb: boolean;
}

export type CutResult = { ok: true; clip: CutClip } | { ok: false; why: 'no_media' | 'too_little' | 'failed' };

/** A media playlist's fragments: each one's length and address (absolute). */
export function fragmentsOf(playlist: string, base: string): { durationS: number; url: string }[] {
  const out: { durationS: number; url: string }[] = [];
  let pending: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) pending = Number.parseFloat(inf[1]!);
    else if (line && !line.startsWith('#') && pending !== null) {
      out.push({ durationS: pending, url: new URL(line, base).toString() });
      pending = null;
    }
  }
  return out;
}

/** The fewest last fragments that hold `durationS` seconds (all of them when they hold less). */
export function lastFragments<T extends { durationS: number }>(fragments: T[], durationS: number): T[] {
  let sum = 0;
  let from = fragments.length;
  while (from > 0 && sum < durationS) {
    from -= 1;
    sum += fragments[from]!.durationS;
  }
  return fragments.slice(from);
}

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: String(err) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

async function probeDurationS(file: string): Promise<number | null> {
  const r = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const s = Number.parseFloat(r.stdout.trim());
  return r.code === 0 && Number.isFinite(s) && s > 0 ? s : null;
}

async function get(src: ClipSource, path: string): Promise<Response | null> {
  try {
    const res = await fetch(new URL(path, src.origin), {
      headers: { [MEDIA_EDGE_HEADER]: src.edgeKey },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (res.ok) return res;
    await res.body?.cancel();
    return null;
  } catch {
    return null;
  }
}

/** The live's longest playlist of its source: the rewind one, else the edge one. */
async function sourcePlaylist(src: ClipSource): Promise<{ text: string; base: string } | null> {
  for (const path of [`/dvr/${src.streamId}_src/index.m3u8`, `/hls/${src.streamId}_src/index.m3u8`]) {
    const res = await get(src, path);
    if (res) return { text: await res.text(), base: new URL(path, src.origin).toString() };
  }
  return null;
}

/**
 * Cuts the last `durationS` seconds of the live into `outDir/{name}.mp4` and `outDir/{name}.jpg`.
 * `toleranceS`: how much less than asked the live may hold (a live younger than the clip) and still be cut.
 */
export async function cutLastSeconds(
  src: ClipSource,
  durationS: number,
  outDir: string,
  name: string,
  toleranceS = 3,
): Promise<CutResult> {
  const playlist = await sourcePlaylist(src);
  if (!playlist) return { ok: false, why: 'no_media' };
  const fragments = lastFragments(fragmentsOf(playlist.text, playlist.base), durationS);
  const heldS = fragments.reduce((s, f) => s + f.durationS, 0);
  if (fragments.length === 0) return { ok: false, why: 'no_media' };
  if (heldS < durationS - toleranceS) return { ok: false, why: 'too_little' };
  // Beside the clip's place (one file system: the files are renamed into it whole).
  await mkdir(outDir, { recursive: true });
  const work = await mkdtemp(join(outDir, '.cut-'));
  try {
    const local: string[] = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...fragments.map((f) => f.durationS)))}`,
      '#EXT-X-MEDIA-SEQUENCE:0',
    ];
    for (const [i, f] of fragments.entries()) {
      const res = await get(src, f.url);
      if (!res) return { ok: false, why: 'failed' };
      await writeFile(join(work, `${i}.ts`), new Uint8Array(await res.arrayBuffer()));
      local.push(`#EXTINF:${f.durationS.toFixed(3)},`, `${i}.ts`);
    }
    local.push('#EXT-X-ENDLIST', '');
    await writeFile(join(work, 'index.m3u8'), local.join('\n'));
    const skipS = Math.max(0, heldS - durationS);
    const mp4 = join(work, 'clip.mp4');
    const cut = await run('ffmpeg', [
      // Seeking on the input with -c copy starts at the keyframe at or before the cut.
      ...['-v', 'error', '-y', ...(skipS > 0.05 ? ['-ss', skipS.toFixed(3)] : []), '-i', join(work, 'index.m3u8')],
      ...['-t', String(durationS), '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', mp4],
    ]);
    const measured = existsSync(mp4) ? await probeDurationS(mp4) : null;
    if (cut.code !== 0 || measured === null) {
      console.warn(`[clips] live ${src.streamId}: the cut failed: ${cut.stderr.trim()}`);
      return { ok: false, why: 'failed' };
    }
    const jpg = join(work, 'clip.jpg');
    const thumb = await run('ffmpeg', [
      ...['-v', 'error', '-y', '-i', mp4, '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4', jpg],
    ]);
    const hasThumb = thumb.code === 0 && existsSync(jpg);
    await rename(mp4, join(outDir, `${name}.mp4`));
    if (hasThumb) await rename(jpg, join(outDir, `${name}.jpg`));
    return { ok: true, clip: { durationS: Math.max(1, Math.round(measured)), hasThumb } };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Removes a clip's files (its MP4 and picture). */
export async function removeClipFiles(outDir: string, name: string): Promise<void> {
  await rm(join(outDir, `${name}.mp4`), { force: true });
  await rm(join(outDir, `${name}.jpg`), { force: true });
}
