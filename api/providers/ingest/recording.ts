/**
 * Recordings of the self-hosted engine: nginx writes what was pushed as FLV; when the live ends,
 * ffmpeg remuxes it (no re-encoding) into an HLS VOD beside a thumbnail, and ffprobe measures it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Runs a command to its end; resolves with its exit code and what it printed on stdout. */
function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    child.on('error', (err) => resolve({ code: -1, stdout, stderr: String(err) }));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The media's duration in seconds (ffprobe), or null when it has none. */
export async function probeDurationS(file: string): Promise<number | null> {
  const r = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  const seconds = Number.parseFloat(r.stdout.trim());
  return r.code === 0 && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * nginx closes a recording when the relay's publish ends, a moment after the encoder's: wait for the file to settle.
 */
async function settled(file: string): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    const before = await stat(file).catch(() => null);
    if (!before) return false;
    await new Promise((r) => setTimeout(r, 250));
    const after = await stat(file).catch(() => null);
    if (after && after.size === before.size && Date.now() - after.mtimeMs > 500) return true;
  }
  return true;
}

/** Width and height of the first video stream (ffprobe), or null. */
export async function probeVideoSize(file: string): Promise<{ width: number; height: number } | null> {
  const r = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0:s=x',
    file,
  ]);
  const match = /^(\d{1,5})x(\d{1,5})/.exec(r.stdout.trim());
  return r.code === 0 && match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** The newest segment a live HLS playlist (a local file) lists, or null. */
export async function newestSegment(playlist: string): Promise<string | null> {
  const text = await readFile(playlist, 'utf8').catch(() => '');
  const segments = text.split('\n').filter((line) => /^[\w-]{1,64}\.ts$/.test(line.trim()));
  const last = segments.at(-1)?.trim();
  return last ? join(dirname(playlist), last) : null;
}

/**
 * A running live's picture: the first frame of its newest segment, scaled to 480 wide, written to
 * `out` (replaced atomically, so a viewer never gets half a file), and the segment's size.
 */
export async function grabLiveFrame(
  playlist: string,
  out: string,
): Promise<{ width: number | null; height: number | null } | null> {
  const segment = await newestSegment(playlist);
  if (!segment) return null;
  await mkdir(dirname(out), { recursive: true });
  const part = `${out}.part`;
  const grab = await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    segment,
    '-frames:v',
    '1',
    '-vf',
    'scale=480:-2',
    '-q:v',
    '5',
    '-f',
    'image2',
    part,
  ]);
  if (grab.code !== 0 || !existsSync(part)) {
    await rm(part, { force: true });
    return null;
  }
  await rename(part, out);
  const size = await probeVideoSize(segment);
  return { width: size?.width ?? null, height: size?.height ?? null };
}

export interface Vod {
  durationS: number;
  hasThumbnail: boolean;
}

/**
 * `input` (an FLV recording) becomes `outDir/index.m3u8` + segments and `outDir/thumb.jpg`;
 * the input is deleted afterwards. Null (and nothing written) when the recording is missing or
 * holds no playable media.
 */
export async function makeVod(input: string, outDir: string): Promise<Vod | null> {
  if (!existsSync(input) || !(await settled(input))) return null;
  const duration = await probeDurationS(input);
  if (duration === null) return null;
  const work = `${outDir}.part`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const hls = await run('ffmpeg', [
    ...['-v', 'error', '-y', '-i', input, '-c', 'copy'],
    ...[
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(work, '%d.ts'),
      join(work, 'index.m3u8'),
    ],
  ]);
  if (hls.code !== 0) {
    console.warn(`[ingest] recording ${input} could not be remuxed: ${hls.stderr.trim()}`);
    await rm(work, { recursive: true, force: true });
    return null;
  }
  const at = Math.min(2, duration / 2).toFixed(2);
  const thumb = await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-ss',
    at,
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    'scale=480:-2',
    '-q:v',
    '4',
    join(work, 'thumb.jpg'),
  ]);
  await rm(outDir, { recursive: true, force: true });
  await rename(work, outDir);
  await rm(input, { force: true });
  return {
    durationS: Math.max(1, Math.round(duration)),
    hasThumbnail: thumb.code === 0 && existsSync(join(outDir, 'thumb.jpg')),
  };
}
