/** Starts the whole product (API, the media server when asked, then the worker in wrangler dev) on the given ports. */
import { join } from 'node:path';
import { localMediaSecret } from '../media/settings.ts';
import { startProcess, waitForUrl } from './processes.ts';
import { WRANGLER_BIN, WRANGLER_ENV, wranglerDevArgs } from './wrangler-dev.ts';

const ROOT = new URL('..', import.meta.url).pathname;

export interface StackOptions {
  port: number;
  apiPort: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** The media server's public ports (docs/INGEST.md); absent, no media server runs. */
  media?: { rtmpPort: number; httpPort: number };
  /**
   * The site's files the worker serves, when not dist/ (`wrangler dev --assets`; the benchmarks' copy with their own
   * pages).
   */
  assetsDir?: string;
}

/**
 * What the API and the media server must agree on: ports, the media directory, the shared secrets
 * (MEDIA_SECRET between API and media server; MEDIA_TOKEN_SECRET between API and worker).
 */
export function mediaEnv(dataDir: string, media: StackOptions['media']): NodeJS.ProcessEnv {
  if (!media) return {};
  const dir = join(dataDir, 'media');
  return {
    RTMP_PORT: String(media.rtmpPort),
    MEDIA_HTTP_PORT: String(media.httpPort),
    MEDIA_DIR: dir,
    MEDIA_SECRET: process.env.MEDIA_SECRET ?? localMediaSecret(dir),
    MEDIA_TOKEN_SECRET: process.env.MEDIA_TOKEN_SECRET ?? localMediaSecret(dir, 'token-secret'),
  };
}

/** The worker's view of the media origin: where it fetches media, and the secret its tokens are checked with. */
export function workerMediaVars(ingest: NodeJS.ProcessEnv, media: StackOptions['media']): Record<string, string> {
  if (!media) return {};
  return { MEDIA_ORIGIN: `http://127.0.0.1:${media.httpPort}`, MEDIA_TOKEN_SECRET: ingest.MEDIA_TOKEN_SECRET! };
}

/** The media server beside an API that already answers on `apiPort`, once its HTTP origin answers. */
export async function startMediaServer(
  apiPort: number,
  ingest: NodeJS.ProcessEnv,
  media: NonNullable<StackOptions['media']>,
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  // The first start may install Debian's nginx RTMP module and ffmpeg: give it time.
  const server = startProcess('media', process.execPath, [join(ROOT, 'media/start.ts')], {
    PLATFORM_ENV: 'development',
    ...env,
    ...ingest,
    API_PORT: String(apiPort),
  });
  await waitForUrl(`http://127.0.0.1:${media.httpPort}/healthz`, { child: server, timeoutMs: 600_000 });
}

async function assertFree(port: number): Promise<void> {
  const busy = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (busy)
    throw new Error(
      `port ${port} is already in use (another npm start?): stop it or choose other ports (PORT, API_PORT)`,
    );
}

export async function startStack({ port, apiPort, dataDir, env = {}, media, assetsDir }: StackOptions): Promise<void> {
  await assertFree(apiPort);
  await assertFree(port);
  if (media) await assertFree(media.httpPort);
  const ingest = mediaEnv(dataDir, media);
  const api = startProcess('api', process.execPath, [join(ROOT, 'api/main.ts')], {
    PLATFORM_ENV: 'development',
    // Absolute URLs the API hands out (stream sources) point at the site this stack serves.
    SITE_ORIGIN: `http://localhost:${port}`,
    ...env,
    ...ingest,
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
  });
  await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { child: api });
  if (media) await startMediaServer(apiPort, ingest, media, env);
  const vars = { API_ORIGIN: `http://127.0.0.1:${apiPort}`, ...workerMediaVars(ingest, media) };
  const worker = startProcess('worker', WRANGLER_BIN, wranglerDevArgs({ port, vars, logLevel: 'warn', assetsDir }), {
    ...WRANGLER_ENV,
    ...env,
  });
  await waitForUrl(`http://127.0.0.1:${port}/healthz`, { child: worker });
}
