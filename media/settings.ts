/**
 * The media server's settings, read from the environment by the media start script, the API and
 * the demo scripts alike, so the three agree on ports, paths and the shared secret
 * (docs/INGEST.md lists every variable).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MEDIA_EDGE_KEY_MESSAGE } from '../domain/media.ts';

export interface MediaSettings {
  /** Public RTMP ingest port (RTMP_PORT, default 1935). */
  rtmpPort: number;
  /**
   * The media origin's HTTP port: live HLS, HTTP-FLV, thumbnails, recordings (MEDIA_HTTP_PORT,
   * default 8790). Only the edge worker fetches from it (MEDIA_ORIGIN), proving itself with `edgeKey`.
   */
  httpPort: number;
  /**
   * Address the media origin listens on (MEDIA_HTTP_BIND, default 127.0.0.1; a private address where the worker runs
   * elsewhere).
   */
  httpBind: string;
  /** Loopback-only port of the media server's control endpoint (MEDIA_CONTROL_PORT, default MEDIA_HTTP_PORT + 1). */
  controlPort: number;
  /**
   * Loopback-only ports of the HTTP-FLV relay (node-media-server): RTMP in, FLV out (default MEDIA_HTTP_PORT + 2, + 3).
   */
  flvRtmpPort: number;
  flvHttpPort: number;
  /** Address RTMP ingest listens on (MEDIA_BIND, default 127.0.0.1; 0.0.0.0 to take encoders from other machines). */
  bind: string;
  /** What a BJ pastes into OBS as the server (INGEST_RTMP_URL, default rtmp://localhost:RTMP_PORT/live). */
  rtmpUrl: string;
  /** The control endpoint as the API reaches it (MEDIA_CONTROL_URL, default http://127.0.0.1:MEDIA_CONTROL_PORT). */
  controlUrl: string;
  /** Where the API takes the media server's callbacks (INGEST_CALLBACK_ORIGIN, default http://127.0.0.1:API_PORT). */
  callbackOrigin: string;
  /**
   * Shared between the API and the media server: callback URLs and control requests carry it
   * (MEDIA_SECRET; required in production; in development MEDIA_DIR/secret, made on first use).
   */
  secret: string;
  /**
   * Signs the playback tokens the API hands viewers and the worker checks (MEDIA_TOKEN_SECRET,
   * shared by the API and the worker; the media server only derives `edgeKey` from it; required
   * in production; in development MEDIA_DIR/token-secret).
   */
  tokenSecret: string;
  /** What the worker sends the media origin in MEDIA_EDGE_HEADER: HMAC-SHA256(tokenSecret, 'media-edge'), hex. */
  edgeKey: string;
  /** Live HLS, raw recordings, VODs, logs and the rendered config (MEDIA_DIR, default DATA_DIR/media). */
  dir: string;
  /** The transcoding ladder (media/ladder.ts): rungs made below the source, and how. */
  ladder: LadderSettings;
  /** The rewind (DVR) playlists of every live's renditions (docs/INGEST.md "Rewind"). */
  rewind: RewindSettings;
}

/**
 * Every rendition of a live is also written as a long playlist of longer fragments, dvr/{id}_{variant}/
 * (nginx app `dvr`), which viewers rewind in; the edge playlists stay short.
 */
export interface RewindSettings {
  /** How far back a viewer can go, in seconds (MEDIA_REWIND_S, default 3600; 4-86400). */
  windowS: number;
  /** The DVR fragments' least length, in seconds (MEDIA_REWIND_FRAGMENT_S, default 4; 1-10). */
  fragmentS: number;
}

const DEFAULT_REWIND_S = 3600;
const DEFAULT_REWIND_FRAGMENT_S = 4;

function rewindSettings(env: NodeJS.ProcessEnv, problems: string[]): RewindSettings {
  const windowS = Number(env.MEDIA_REWIND_S || DEFAULT_REWIND_S);
  if (!(Number.isInteger(windowS) && windowS >= 4 && windowS <= 86_400))
    problems.push(`MEDIA_REWIND_S must be 4-86400 seconds, not ${env.MEDIA_REWIND_S}`);
  const fragmentS = Number(env.MEDIA_REWIND_FRAGMENT_S || DEFAULT_REWIND_FRAGMENT_S);
  if (!(Number.isInteger(fragmentS) && fragmentS >= 1 && fragmentS <= 10))
    problems.push(`MEDIA_REWIND_FRAGMENT_S must be 1-10 seconds, not ${env.MEDIA_REWIND_FRAGMENT_S}`);
  else if (fragmentS * 2 > windowS) problems.push('MEDIA_REWIND_S must hold at least two MEDIA_REWIND_FRAGMENT_S');
  return { windowS, fragmentS };
}

/** One transcoded rendition: `720p30:2800k` is 720 pixels high, 30 frames a second, 2800 kbit/s of video. */
export interface Rung {
  /** The variant's suffix: `720p` (HLS hls/{id}_720p/, HTTP-FLV flv/{id}_720p.flv). */
  name: string;
  height: number;
  fps: number;
  videoKbps: number;
}

export interface LadderSettings {
  /** Highest first (MEDIA_LADDER, default `720p30:2800k,480p30:1200k,360p30:700k`; `none`: the source only). */
  rungs: Rung[];
  /** libx264 preset of every rung (MEDIA_LADDER_PRESET, default veryfast). */
  preset: string;
  /** Our keyframe interval and HLS fragment length of the rungs, in seconds (MEDIA_GOP_S, default 0.5). */
  gopS: number;
  /** Below this encoding speed (over a few seconds, after a warm-up) the highest rung is dropped (MEDIA_LADDER_MIN_SPEED, default 1.0). */
  minSpeed: number;
  /** Loopback-only port the supervisor takes nginx's publish notices on (MEDIA_LADDER_PORT, default MEDIA_HTTP_PORT + 4). */
  port: number;
}

/** Video bitrates of the usual heights when MEDIA_LADDER gives none (kbit/s). */
const DEFAULT_KBPS: Record<number, number> = {
  1080: 5000,
  720: 2800,
  480: 1200,
  360: 700,
  240: 400,
  160: 250,
  144: 200,
};
export const DEFAULT_LADDER = '720p30:2800k,480p30:1200k,360p30:700k';
const PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];

/** MEDIA_LADDER's rungs, highest first; each problem goes to `problems`. */
export function parseLadder(raw: string, problems: string[]): Rung[] {
  const text = raw.trim();
  if (text === 'none') return [];
  const rungs: Rung[] = [];
  for (const item of text.split(',').map((s) => s.trim())) {
    const m = /^(\d{3,4})p(\d{1,2})?(?::(\d{2,5})k)?$/.exec(item);
    const height = Number(m?.[1]);
    const fps = Number(m?.[2] ?? 30);
    if (!m || height < 144 || height > 2160 || height % 2 !== 0 || fps < 1 || fps > 60) {
      problems.push(
        `MEDIA_LADDER: "${item}" is not a rung like 720p30:2800k (height 144-2160, even; 1-60 fps; or none)`,
      );
      continue;
    }
    const videoKbps = m[3] ? Number(m[3]) : (DEFAULT_KBPS[height] ?? Math.round((height * 4) / 100) * 100);
    if (videoKbps < 100 || videoKbps > 20_000) {
      problems.push(`MEDIA_LADDER: "${item}": the bitrate must be 100k-20000k`);
      continue;
    }
    const name = `${height}p`;
    if (rungs.some((r) => r.name === name)) problems.push(`MEDIA_LADDER: ${name} is given twice`);
    else rungs.push({ name, height, fps, videoKbps });
  }
  if (rungs.length === 0 && problems.length === 0)
    problems.push('MEDIA_LADDER: no rung (write none for the source only)');
  return rungs.sort((a, b) => b.height - a.height);
}

function ladderSettings(env: NodeJS.ProcessEnv, httpPort: number, problems: string[]): LadderSettings {
  const rungs = parseLadder(env.MEDIA_LADDER || DEFAULT_LADDER, problems);
  const preset = env.MEDIA_LADDER_PRESET || 'veryfast';
  if (!PRESETS.includes(preset))
    problems.push(`MEDIA_LADDER_PRESET must be one of ${PRESETS.join(', ')}, not ${preset}`);
  const gopS = Number(env.MEDIA_GOP_S || 0.5);
  if (!(gopS >= 0.25 && gopS <= 10)) problems.push(`MEDIA_GOP_S must be 0.25-10 seconds, not ${env.MEDIA_GOP_S}`);
  const minSpeed = Number(env.MEDIA_LADDER_MIN_SPEED || 1);
  if (!(minSpeed > 0 && minSpeed <= 100))
    problems.push(`MEDIA_LADDER_MIN_SPEED must be a number above 0, not ${env.MEDIA_LADDER_MIN_SPEED}`);
  return { rungs, preset, gopS, minSpeed, port: port(env, 'MEDIA_LADDER_PORT', httpPort + 4, problems) };
}

export const MEDIA_SECRET_LENGTH_MIN = 32;
const TEST_SECRET = randomBytes(32).toString('base64url');
const TEST_TOKEN_SECRET = randomBytes(32).toString('base64url');

function port(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= 65535) return n;
  problems.push(`${name} must be a port number, not ${raw}`);
  return fallback;
}

/**
 * The media settings of `env`.
 * @throws AggregateError with one error per setting that is missing or invalid.
 */
export function mediaSettings(env: NodeJS.ProcessEnv = process.env): MediaSettings {
  const problems: string[] = [];
  const rtmpPort = port(env, 'RTMP_PORT', 1935, problems);
  const httpPort = port(env, 'MEDIA_HTTP_PORT', 8790, problems);
  const controlPort = port(env, 'MEDIA_CONTROL_PORT', httpPort + 1, problems);
  const dir = resolve(env.MEDIA_DIR || resolve(env.DATA_DIR || '.data', 'media'));
  // In development every local process (API, media server, demo:push) reads one random secret
  // kept in MEDIA_DIR; a test process that does not pass one gets its own, known to nobody.
  const platform = env.PLATFORM_ENV ?? 'production';
  const secret =
    env.MEDIA_SECRET ?? (platform === 'development' ? localMediaSecret(dir) : platform === 'test' ? TEST_SECRET : '');
  if (secret.length < MEDIA_SECRET_LENGTH_MIN)
    problems.push(`MEDIA_SECRET must be set to at least ${MEDIA_SECRET_LENGTH_MIN} characters`);
  else if (!/^[\w.~-]+$/.test(secret))
    problems.push('MEDIA_SECRET may hold only letters, digits and - . _ ~ (it travels in URLs)');
  const tokenSecret =
    env.MEDIA_TOKEN_SECRET ??
    (platform === 'development' ? localMediaSecret(dir, 'token-secret') : platform === 'test' ? TEST_TOKEN_SECRET : '');
  if (tokenSecret.length < MEDIA_SECRET_LENGTH_MIN)
    problems.push(`MEDIA_TOKEN_SECRET must be set to at least ${MEDIA_SECRET_LENGTH_MIN} characters`);
  else if (tokenSecret === secret)
    problems.push('MEDIA_TOKEN_SECRET must differ from MEDIA_SECRET (the worker holds one, never the other)');
  const flvRtmpPort = port(env, 'MEDIA_FLV_RTMP_PORT', httpPort + 2, problems);
  const flvHttpPort = port(env, 'MEDIA_FLV_HTTP_PORT', httpPort + 3, problems);
  const callbackOrigin = (
    env.INGEST_CALLBACK_ORIGIN || `http://127.0.0.1:${port(env, 'API_PORT', 8788, problems)}`
  ).replace(/\/$/, '');
  const ladder = ladderSettings(env, httpPort, problems);
  const rewind = rewindSettings(env, problems);
  if (problems.length > 0)
    throw new AggregateError(
      problems.map((p) => new Error(p)),
      problems.join('; '),
    );
  return {
    rtmpPort,
    httpPort,
    controlPort,
    flvRtmpPort,
    flvHttpPort,
    httpBind: env.MEDIA_HTTP_BIND || '127.0.0.1',
    bind: env.MEDIA_BIND || '127.0.0.1',
    rtmpUrl: env.INGEST_RTMP_URL || `rtmp://localhost:${rtmpPort}/live`,
    controlUrl: (env.MEDIA_CONTROL_URL || `http://127.0.0.1:${controlPort}`).replace(/\/$/, ''),
    callbackOrigin,
    secret,
    tokenSecret,
    edgeKey: mediaEdgeKey(tokenSecret),
    dir,
    ladder,
    rewind,
  };
}

/**
 * The RTMP application encoders publish to, the loopback one the media server relays it into, and
 * the loopback one the ladder's transcoders publish their rungs into (media/ladder.ts).
 */
export const INGEST_APP = 'live';
export const MEDIA_APP = 'media';
export const RUNGS_APP = 'rungs';
/** The loopback application the source and the rungs are also pushed into for the rewind playlists (dvr/{id}_{variant}/). */
export const DVR_APP = 'dvr';
/** The encoder's own rendition, passed through without transcoding (hls/{id}_src/, the recording). */
export const SOURCE_VARIANT = 'src';

/** Where things live under the media directory. */
export const mediaPaths = (dir: string) => ({
  conf: resolve(dir, 'conf'),
  logs: resolve(dir, 'logs'),
  temp: resolve(dir, 'temp'),
  hls: resolve(dir, 'hls'),
  dvr: resolve(dir, 'dvr'),
  recordings: resolve(dir, 'rec'),
  vod: resolve(dir, 'vod'),
  thumbs: resolve(dir, 'thumbs'),
  flvStore: resolve(dir, 'flv-relay'),
});

/** The worker's proof to the media origin (media/nginx.conf.template checks it on every request). */
export function mediaEdgeKey(tokenSecret: string): string {
  return createHmac('sha256', tokenSecret).update(MEDIA_EDGE_KEY_MESSAGE).digest('hex');
}

/**
 * A secret for local runs (MEDIA_SECRET in MEDIA_DIR/secret, MEDIA_TOKEN_SECRET in
 * MEDIA_DIR/token-secret), made (random, owner-only) the first time, so `npm start`, the worker
 * and `npm run demo:push` agree without it being written anywhere else.
 */
export function localMediaSecret(dir: string, name: 'secret' | 'token-secret' = 'secret'): string {
  const file = resolve(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
