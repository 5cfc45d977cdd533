/**
 * The transcoding ladder (docs/INGEST.md "The ladder"): nginx tells this supervisor, on a loopback
 * port with MEDIA_SECRET, when a live starts and stops publishing into the `media` application
 * (`on_publish` / `on_publish_done`). For each live it ffprobes the source over loopback RTMP, runs
 * one ffmpeg per rung no higher than the source (libx264 + AAC, our own keyframe interval aligned
 * across rungs) publishing back into the `rungs` application (HLS hls/{id}_{rung}/, HTTP-FLV), and
 * writes the master playlist hls/{id}.m3u8 over the variants whose playlists exist (and the rewind
 * master dvr/{id}.m3u8 over those whose rewind playlists exist). A rung whose
 * ffmpeg cannot keep up with the live drops the highest rung. Run inside media/start.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import {
  MEDIA_APP,
  mediaPaths,
  RUNGS_APP,
  SOURCE_VARIANT,
  type LadderSettings,
  type MediaSettings,
  type Rung,
} from './settings.ts';

/** What ffprobe tells of the source. */
export interface SourceInfo {
  width: number;
  height: number;
  fps: number;
  /** The HLS CODECS attribute (`avc1.64001f,mp4a.40.2`), or null when a codec has no known name. */
  codecs: string | null;
}

/** One entry of the master playlist. */
export interface Variant {
  /** `src`, `720p` … (the folder hls/{id}_{name}/). */
  name: string;
  bandwidth: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  codecs: string | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
}

const AVC_PROFILES: Record<string, string> = {
  baseline: '4200',
  'constrained baseline': '42e0',
  main: '4d40',
  extended: '5800',
  high: '6400',
  'high 10': '6e00',
  'high 4:2:2': '7a00',
  'high 4:4:4 predictive': 'f400',
};
const AAC_PROFILES: Record<string, string> = { lc: 'mp4a.40.2', 'he-aac': 'mp4a.40.5', 'he-aacv2': 'mp4a.40.29' };

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

function rate(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  const fps = den ? num! / den : Number.NaN;
  return Number.isFinite(fps) && fps >= 1 && fps <= 240 ? fps : null;
}

/** The HLS CODECS string of ffprobe's streams: `avc1.PPCCLL` (RFC 6381) and the audio's `mp4a.40.x`. */
export function codecsOf(streams: ProbeStream[]): string | null {
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const profile = AVC_PROFILES[(video?.profile ?? '').toLowerCase()];
  if (video?.codec_name !== 'h264' || !profile || !video.level || video.level <= 0) return null;
  const parts = [`avc1.${profile}${hex2(video.level)}`];
  if (audio) {
    const aac = audio.codec_name === 'aac' ? AAC_PROFILES[(audio.profile ?? '').toLowerCase()] : undefined;
    const name = aac ?? (audio.codec_name === 'mp3' ? 'mp4a.40.34' : undefined);
    if (!name) return null;
    parts.push(name);
  }
  return parts.join(',');
}

/** The source as ffprobe reports it (`-show_streams -of json`), or null without a video stream. */
export function sourceInfo(streams: ProbeStream[]): SourceInfo | null {
  const video = streams.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) return null;
  const fps = rate(video.avg_frame_rate) ?? rate(video.r_frame_rate) ?? 30;
  return { width: video.width, height: video.height, fps, codecs: codecsOf(streams) };
}

/** The rungs a source gets: those no higher than it (never upscaled), highest first. */
export const rungsFor = (rungs: readonly Rung[], source: SourceInfo): Rung[] =>
  rungs.filter((r) => r.height <= source.height);

/** A rung's width: the source's aspect ratio at the rung's height, even. */
export const rungWidth = (rung: Rung, source: SourceInfo): number =>
  Math.max(2, Math.round((source.width * rung.height) / source.height / 2) * 2);

/** A rung's frame rate: its own, or the source's when that is lower (never made up). */
export const rungFps = (rung: Rung, source: SourceInfo): number => Math.min(rung.fps, source.fps);

/** The lowest H.264 level whose limits hold the picture (macroblocks per frame and per second). */
export function avcLevel(width: number, height: number, fps: number): number {
  const mbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const levels: [number, number, number][] = [
    [30, 1620, 40_500],
    [31, 3600, 108_000],
    [32, 5120, 216_000],
    [40, 8192, 245_760],
    [42, 8704, 522_240],
    [50, 22_080, 589_824],
    [51, 36_864, 983_040],
  ];
  return levels.find(([, frame, perS]) => mbs <= frame && mbs * fps <= perS)?.[0] ?? 52;
}

const audioKbps = (rung: Rung) => (rung.height >= 720 ? 128 : 96);

/** A rung's entry in the master playlist (its bitrates are the ones ffmpeg is held to). */
export function rungVariant(rung: Rung, source: SourceInfo, hasAudio: boolean): Variant {
  const width = rungWidth(rung, source);
  const fps = rungFps(rung, source);
  const video = `avc1.6400${hex2(avcLevel(width, rung.height, fps))}`;
  return {
    name: rung.name,
    bandwidth: (rung.videoKbps + (hasAudio ? audioKbps(rung) : 0)) * 1000,
    width,
    height: rung.height,
    fps,
    codecs: hasAudio ? `${video},mp4a.40.2` : video,
  };
}

/**
 * The master playlist of a live, variants in the order given: the supervisor lists the rungs
 * highest first and the source LAST, since a player without a choice of its own starts on the first
 * variant (hls.js's first level, Safari's own HLS, the worker's prefetch of a live page's first
 * variant) and a rung, with our short keyframes, starts sooner and plays closer to the live than
 * the BJ's 2-s GOP; players sort by BANDWIDTH themselves. Each variant's playlist is
 * `{id}_{name}/index.m3u8` beside it.
 */
export function masterPlaylist(liveId: number, variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    const attrs = [`BANDWIDTH=${Math.round(v.bandwidth)}`];
    if (v.width && v.height) attrs.push(`RESOLUTION=${v.width}x${v.height}`);
    if (v.codecs) attrs.push(`CODECS="${v.codecs}"`);
    if (v.fps) attrs.push(`FRAME-RATE=${v.fps.toFixed(3)}`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${liveId}_${v.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** What `-progress` said at a moment: how far into the live the rung's output is. */
export interface ProgressSample {
  atMs: number;
  outS: number;
}

/** The rung's encoding speed over the last `windowMs` (output seconds per wall second), or null without enough samples. */
export function speedOver(samples: readonly ProgressSample[], nowMs: number, windowMs: number): number | null {
  const recent = samples.filter((s) => s.atMs >= nowMs - windowMs);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || last.atMs - first.atMs < windowMs * 0.8) return null;
  return (last.outS - first.outS) / ((last.atMs - first.atMs) / 1000);
}

/** How the drop decision is timed: a rung is judged only after its warm-up, over a window of a few seconds. */
export const STARVE_TIMING = { warmupMs: 4000, windowMs: 5000 };
/**
 * A live input arrives in real time, so a rung that keeps up measures 1.0 give or take the input's
 * jitter (±2 % over 5 s here): a speed within this much under the threshold still keeps up.
 */
export const SPEED_JITTER = 0.05;

export interface RungState {
  name: string;
  height: number;
  startedAtMs: number;
  samples: readonly ProgressSample[];
}

/**
 * Whether the live's transcoders are starved: when a rung that has warmed up measured a speed
 * under the threshold over the window (and no rung was dropped within a window), the highest rung
 * goes (every rung shares the same CPU, and the highest costs most). Null: keep them all.
 */
export function rungToDrop(
  rungs: readonly RungState[],
  { nowMs, minSpeed, lastDropAtMs = 0 }: { nowMs: number; minSpeed: number; lastDropAtMs?: number },
  { warmupMs, windowMs } = STARVE_TIMING,
): { name: string; speed: number } | null {
  if (rungs.length === 0 || nowMs - lastDropAtMs < windowMs) return null;
  let slowest: number | null = null;
  for (const rung of rungs) {
    if (nowMs - rung.startedAtMs < warmupMs) continue;
    const speed = speedOver(rung.samples, nowMs, windowMs);
    if (speed !== null && (slowest === null || speed < slowest)) slowest = speed;
  }
  if (slowest === null || slowest >= minSpeed - SPEED_JITTER) return null;
  const highest = [...rungs].sort((a, b) => b.height - a.height)[0]!;
  return { name: highest.name, speed: slowest };
}

/** The ffmpeg arguments of one rung: loopback RTMP in, loopback RTMP out, progress on stdout. */
export function rungArgs(
  settings: Pick<MediaSettings, 'rtmpPort'> & { ladder: Pick<LadderSettings, 'preset' | 'gopS'> },
  liveId: number,
  rung: Rung,
  source: SourceInfo,
): string[] {
  const fps = rungFps(rung, source);
  const width = rungWidth(rung, source);
  const g = settings.ladder.gopS;
  const kbps = rung.videoKbps;
  const base = `rtmp://127.0.0.1:${settings.rtmpPort}`;
  return [
    ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', '-stats_period', '0.5'],
    // -copyts: the input's own timestamps, the same in every rung, place the keyframes below.
    ...[
      '-rw_timeout',
      '10000000',
      '-fflags',
      'nobuffer',
      '-copyts',
      '-i',
      `${base}/${MEDIA_APP}/${liveId}_${SOURCE_VARIANT}`,
    ],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-vf', `fps=${fps},scale=${width}:${rung.height}`],
    ...['-c:v', 'libx264', '-preset', settings.ladder.preset, '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
    ...['-profile:v', 'high', '-level:v', String(avcLevel(width, rung.height, fps) / 10)],
    ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`],
    // A keyframe on the first frame at or after each multiple of G seconds of the live, so every
    // rung cuts its fragments at the same moments; no keyframes of x264's own choosing.
    ...['-force_key_frames', `expr:if(isnan(prev_forced_t),1,gte(floor(t/${g}),floor(prev_forced_t/${g})+1))`],
    ...['-sc_threshold', '0', '-g', String(Math.ceil(fps * g * 4))],
    ...['-c:a', 'aac', '-b:a', `${audioKbps(rung)}k`, '-ac', '2'],
    ...['-f', 'flv', `${base}/${RUNGS_APP}/${liveId}_${rung.name}`],
  ];
}

const run = (cmd: string, args: string[], timeoutMs: number) =>
  new Promise<string>((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', () => resolve(''));
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });

/** The live's source, read back over loopback RTMP. */
async function probeSource(rtmpPort: number, liveId: number): Promise<SourceInfo | null> {
  const url = `rtmp://127.0.0.1:${rtmpPort}/${MEDIA_APP}/${liveId}_${SOURCE_VARIANT}`;
  const out = await run(
    'ffprobe',
    ['-v', 'error', '-rw_timeout', '5000000', '-show_streams', '-of', 'json', url],
    10_000,
  );
  try {
    return sourceInfo((JSON.parse(out) as { streams?: ProbeStream[] }).streams ?? []);
  } catch {
    return null;
  }
}

/** Whether the live's playlist lists a segment yet. */
function playlistReady(file: string): boolean {
  try {
    return /\.ts\s*$/m.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

/** The source's bitrate, measured on its segments (the peak of those listed), or null before any. */
function measuredBandwidth(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, 'index.m3u8'), 'utf8');
  } catch {
    return null;
  }
  let peak: number | null = null;
  let duration = 0;
  for (const line of text.split('\n')) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (/^[\w-]+\.ts$/.test(line.trim()) && duration > 0) {
      try {
        const bps = (statSync(join(dir, line.trim())).size * 8) / duration;
        peak = Math.max(peak ?? 0, bps);
      } catch {
        // Cleaned up meanwhile.
      }
    }
  }
  return peak;
}

interface RungProcess {
  rung: Rung;
  child: ChildProcess;
  startedAtMs: number;
  samples: ProgressSample[];
  stopping: boolean;
}

const TICK_MS = 500;
/** nginx-rtmp's cleanup deletes a playlist not written for twice hls_playlist_length: written again this often. */
const MASTER_REFRESH_MS = 2000;
const FALLBACK_SOURCE_BPS = 2_500_000;
const FIRST_MASTER_WAIT_MS = 6000;
const STOP_GRACE_MS = 2000;

type Log = (line: string) => void;

/** One publishing live and its transcoders. */
class LiveLadder {
  private readonly procs = new Map<string, RungProcess>();
  private source: SourceInfo | null = null;
  private sourceBps: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastMaster = '';
  private lastWriteMs = 0;
  private lastDvrMaster = '';
  private lastDvrWriteMs = 0;
  private lastDropAtMs = 0;
  private ended = false;
  private probing = false;
  private sourceReadyAtMs: number | null = null;

  private readonly settings: MediaSettings;
  private readonly id: number;
  private readonly log: Log;

  constructor(settings: MediaSettings, id: number, log: Log) {
    this.settings = settings;
    this.id = id;
    this.log = log;
  }

  private get hls() {
    return mediaPaths(this.settings.dir).hls;
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.tick();
    if (this.settings.ladder.rungs.length === 0) return;
    this.probing = true;
    for (let i = 0; i < 3 && !this.source && !this.ended; i++)
      this.source = await probeSource(this.settings.rtmpPort, this.id);
    this.probing = false;
    if (this.ended) return;
    if (!this.source) {
      this.log(`[ladder] live ${this.id}: the source could not be probed; source only`);
      return;
    }
    const rungs = rungsFor(this.settings.ladder.rungs, this.source);
    for (const rung of rungs) this.spawnRung(rung);
    this.log(
      `[ladder] live ${this.id}: ${this.source.width}x${this.source.height} ${this.source.fps.toFixed(2)} fps → src${rungs.map((r) => ` + ${r.name}`).join('')}`,
    );
  }

  private spawnRung(rung: Rung) {
    const child = spawn('ffmpeg', rungArgs(this.settings, this.id, rung, this.source!), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: RungProcess = { rung, child, startedAtMs: Date.now(), samples: [], stopping: false };
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) {
          proc.samples.push({ atMs: Date.now(), outS: Number(m[1]) / 1e6 });
          if (proc.samples.length > 60) proc.samples.shift();
        }
      }
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-1000)));
    child.on('exit', (code, signal) => {
      if (this.procs.get(rung.name) === proc) this.procs.delete(rung.name);
      if (!proc.stopping && !this.ended)
        this.log(
          `[ladder] live ${this.id}: ${rung.name} exited (${signal ?? code}): ${stderr.trim().split('\n').at(-1) ?? ''}`,
        );
      this.tick();
    });
    this.procs.set(rung.name, proc);
  }

  /** The variants to list now: each running rung whose playlist has a segment, highest first, then the source. */
  private variants(now: number): Variant[] {
    const out: Variant[] = [];
    const srcDir = join(this.hls, `${this.id}_${SOURCE_VARIANT}`);
    if (!playlistReady(join(srcDir, 'index.m3u8'))) return out;
    this.sourceReadyAtMs ??= now;
    // The peak seen so far, in steps of 100 kbit/s (the master changes only when it rises a step).
    const measured = measuredBandwidth(srcDir);
    if (measured !== null) this.sourceBps = Math.max(this.sourceBps ?? 0, Math.ceil(measured / 100_000) * 100_000);
    const s = this.source;
    if (this.probing && this.holdFirstMaster(now)) return [];
    const source: Variant = {
      name: SOURCE_VARIANT,
      bandwidth: this.sourceBps ?? FALLBACK_SOURCE_BPS,
      width: s?.width ?? null,
      height: s?.height ?? null,
      fps: s?.fps ?? null,
      codecs: s?.codecs ?? null,
    };
    if (!s) return [source];
    const hasAudio = (s.codecs ?? 'mp4a').includes('mp4a');
    let waiting = false;
    for (const proc of [...this.procs.values()].sort((a, b) => b.rung.height - a.rung.height)) {
      if (proc.stopping) continue;
      if (playlistReady(join(this.hls, `${this.id}_${proc.rung.name}`, 'index.m3u8')))
        out.push(rungVariant(proc.rung, s, hasAudio));
      else waiting = true;
    }
    return waiting && this.holdFirstMaster(now) ? [] : [...out, source];
  }

  /**
   * Players read the master once (and the worker lets browsers keep it a minute), so the first
   * one waits for the rungs being made, up to FIRST_MASTER_WAIT_MS after the source is ready: a
   * player that came early still gets the whole ladder. Later writes never wait.
   */
  private holdFirstMaster(now: number): boolean {
    return this.lastMaster === '' && now - (this.sourceReadyAtMs ?? now) < FIRST_MASTER_WAIT_MS;
  }

  private tick() {
    if (this.ended) return;
    const now = Date.now();
    const drop = rungToDrop(
      [...this.procs.values()]
        .filter((p) => !p.stopping)
        .map((p) => ({ name: p.rung.name, height: p.rung.height, startedAtMs: p.startedAtMs, samples: p.samples })),
      { nowMs: now, minSpeed: this.settings.ladder.minSpeed, lastDropAtMs: this.lastDropAtMs },
    );
    if (drop) {
      this.lastDropAtMs = now;
      this.log(`[ladder] live ${this.id}: speed ${drop.speed.toFixed(2)}x, dropped ${drop.name}`);
      const proc = this.procs.get(drop.name)!;
      void this.stopRung(proc).then(() => {
        for (const root of [this.hls, mediaPaths(this.settings.dir).dvr])
          rmSync(join(root, `${this.id}_${drop.name}`), { recursive: true, force: true });
      });
    }
    const variants = this.variants(now);
    if (variants.length === 0) return;
    this.writeDvrMaster(variants, now);
    const text = masterPlaylist(this.id, variants);
    if (text === this.lastMaster && now - this.lastWriteMs < MASTER_REFRESH_MS) return;
    if (this.write(join(this.hls, `${this.id}.m3u8`), text)) {
      this.lastMaster = text;
      this.lastWriteMs = now;
    }
  }

  /**
   * The rewind master, dvr/{id}.m3u8: the same variants, each once its DVR playlist (a fragment of
   * MEDIA_REWIND_FRAGMENT_S, so a few seconds after the edge's) lists a segment.
   */
  private writeDvrMaster(variants: readonly Variant[], now: number) {
    const dvr = mediaPaths(this.settings.dir).dvr;
    const ready = variants.filter((v) => playlistReady(join(dvr, `${this.id}_${v.name}`, 'index.m3u8')));
    if (ready.length === 0) return;
    const text = masterPlaylist(this.id, ready);
    if (text === this.lastDvrMaster && now - this.lastDvrWriteMs < MASTER_REFRESH_MS) return;
    if (this.write(join(dvr, `${this.id}.m3u8`), text)) {
      this.lastDvrMaster = text;
      this.lastDvrWriteMs = now;
    }
  }

  private write(file: string, text: string): boolean {
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, text, { mode: 0o644 });
      renameSync(tmp, file);
      return true;
    } catch (err) {
      this.log(`[ladder] live ${this.id}: ${file} could not be written: ${String(err)}`);
      return false;
    }
  }

  private stopRung(proc: RungProcess): Promise<void> {
    proc.stopping = true;
    return new Promise((resolve) => {
      const { child } = proc;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Publish done (or the media server stops): every transcoder goes. */
  async stop(): Promise<void> {
    this.ended = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.procs.values()].map((p) => this.stopRung(p)));
  }

  /** At exit, when nothing can be awaited. */
  killNow() {
    for (const p of this.procs.values()) p.child.kill('SIGKILL');
  }

  /**
   * The running transcoders (not those being stopped): process id, speed over the last window,
   * and how far into the live its output is (seconds; tests and the benchmark).
   */
  running(): Record<string, { pid: number; speed: number | null; outS: number | null }> {
    const now = Date.now();
    return Object.fromEntries(
      [...this.procs.values()]
        .filter((p) => !p.stopping)
        .map((p) => [
          p.rung.name,
          {
            pid: p.child.pid!,
            speed: speedOver(p.samples, now, STARVE_TIMING.windowMs),
            outS: p.samples.at(-1)?.outS ?? null,
          },
        ]),
    );
  }
}

export interface Ladder {
  server: Server;
  stop(): Promise<void>;
  /** Kills every transcoder at once (process exit). */
  killNow(): void;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The supervisor: listens on 127.0.0.1:MEDIA_LADDER_PORT for nginx's notices (POST
 * /ladder/publish and /ladder/publish-done, `?secret=MEDIA_SECRET`, nginx's form body with
 * `name={id}_src`) and answers at once (nginx holds the publish until it does).
 */
export async function startLadder(settings: MediaSettings, log: Log = console.log): Promise<Ladder> {
  const lives = new Map<number, LiveLadder>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!sameSecret(url.searchParams.get('secret') ?? '', settings.secret)) {
      res.writeHead(403).end();
      req.resume();
      return;
    }
    // The running transcoders of each live (tests and the benchmark read their process ids and speeds).
    if (req.method === 'GET' && url.pathname === '/ladder/rungs') {
      const body = JSON.stringify(Object.fromEntries([...lives].map(([id, l]) => [id, l.running()])));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      req.resume();
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
      if (body.length > 8192) req.destroy();
    });
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const match = /^(\d{1,10})_src$/.exec(new URLSearchParams(body).get('name') ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      if (!match) return;
      const id = Number(match[1]);
      if (url.pathname === '/ladder/publish') {
        const before = lives.get(id);
        const live = new LiveLadder(settings, id, log);
        lives.set(id, live);
        void (before?.stop() ?? Promise.resolve()).then(() => live.start());
      } else if (url.pathname === '/ladder/publish-done') {
        const live = lives.get(id);
        lives.delete(id);
        void live?.stop();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.ladder.port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    async stop() {
      server.close();
      await Promise.all([...lives.values()].map((l) => l.stop()));
      lives.clear();
    },
    killNow() {
      for (const l of lives.values()) l.killNow();
    },
  };
}
