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
  };
}

/** The RTMP application encoders publish to, and the loopback one the media server relays it into. */
export const INGEST_APP = 'live';
export const MEDIA_APP = 'media';
/** The one HLS variant: the encoder's own rendition, passed through without transcoding. */
export const SOURCE_VARIANT = 'src';

/** Where things live under the media directory. */
export const mediaPaths = (dir: string) => ({
  conf: resolve(dir, 'conf'),
  logs: resolve(dir, 'logs'),
  temp: resolve(dir, 'temp'),
  hls: resolve(dir, 'hls'),
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
