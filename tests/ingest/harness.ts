/**
 * The real thing on free ports: the API (its app on a fresh seeded database, served over HTTP so
 * the media server can call it) and the media server (media/start.ts: nginx-rtmp + the HTTP-FLV
 * relay), with ffmpeg pushing real video; on request the edge worker too (workerd, in front of
 * both), as viewers and recorders reach them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import type { ChatEvent } from '../../domain/chat-events.ts';
import type { Deps } from '../../api/app-env.ts';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import type { Database } from '../../api/db/client.ts';
import { channels, liveIngest, members, streams } from '../../api/db/schema/index.ts';
import { seedDemoData } from '../../api/db/seed.ts';
import { buildServices } from '../../api/services.ts';
import { startIngestSweeper } from '../../api/ingest/lifecycle.ts';
import { loadIngest, type Ingest } from '../../api/providers/ingest/index.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';
import { MEDIA_EDGE_HEADER } from '../../domain/media.ts';
import { ensureMediaPackages } from '../../media/packages.ts';
import { mediaEdgeKey } from '../../media/settings.ts';
import { startWorker, type WorkerUnderTest } from '../../worker/testing/harness.ts';

export interface Ports {
  api: number;
  rtmp: number;
  http: number;
  control: number;
  flvRtmp: number;
  flvHttp: number;
  ladder: number;
}

/** Ports nobody listens on now (each test file runs its own stack beside the others). */
export async function freePorts(): Promise<Ports> {
  const servers = await Promise.all(
    Array.from(
      { length: 7 },
      () =>
        new Promise<Server>((resolve) => {
          const s = createServer();
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const [api, rtmp, http, control, flvRtmp, flvHttp, ladder] = servers.map(
    (s) => (s.address() as AddressInfo).port,
  ) as [number, number, number, number, number, number, number];
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return { api, rtmp, http, control, flvRtmp, flvHttp, ladder };
}

export interface IngestStack {
  ports: Ports;
  deps: Deps;
  database: Database;
  ingest: Ingest;
  events: ChatEvent[];
  env: NodeJS.ProcessEnv;
  media: string;
  rtmpUrl: string;
  /** The API served over HTTP (as the media server and the worker reach it). */
  apiOrigin: string;
  /**
   * A GET of the media origin as only the worker may make it (with the edge key), or `{ edge: false }` as anyone else.
   */
  mediaOrigin(path: string, opts?: { edge?: boolean }): Promise<Response>;
  /** A new member with a channel and no live: a BJ as the real flow leaves one. */
  newChannel(name: string): Promise<number>;
  /** Stops the media server (SIGKILL: as a crash, every connection dropped at once) and starts it again. */
  restartMediaServer(): Promise<void>;
  close(): Promise<void>;
}

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * Polls `check` until it gives a value. With `encoder`, a wait that the encoder's exit has made
 * hopeless fails at once, and any failure says what ffmpeg and the media server reported (with
 * `stack`), so a refused or stalled publish names its cause.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
  witness: { encoder?: Push; stack?: IngestStack } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null = null;
  void witness.encoder?.exited.then((code) => (exitCode = code));
  const fail = (why: string) => {
    const lines = [`${why} waiting for ${what}`];
    if (witness.encoder)
      lines.push(
        `ffmpeg ${exitCode === null ? 'still running' : `exited ${exitCode}`}: ${witness.encoder.stderr().trim() || '(no output)'}`,
      );
    if (witness.stack) lines.push(`media server log (tail): ${mediaLogTail(witness.stack)}`);
    return new Error(lines.join('\n'));
  };
  for (;;) {
    const value = await check();
    if (value) return value;
    if (exitCode !== null) {
      // One more look: the encoder may have finished after doing what was awaited.
      const last = await check();
      if (last) return last;
      throw fail('the encoder exited');
    }
    if (Date.now() > deadline) throw fail('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The last lines of the media server's nginx error log (a refused publish, a callback that failed). */
export function mediaLogTail(stack: IngestStack, lines = 15): string {
  try {
    return (
      readFileSync(join(stack.media, 'logs/error.log'), 'utf8').trim().split('\n').slice(-lines).join('\n') || '(empty)'
    );
  } catch (e) {
    return `(unreadable: ${(e as Error).message})`;
  }
}

/**
 * `env` overrides the stack's settings: the ladder is off unless a test asks for one (MEDIA_LADDER;
 * the pushes here are 320x180, below every default rung anyway).
 */
export async function startIngestStack({
  graceMs = 3000,
  env: extra = {} as NodeJS.ProcessEnv,
} = {}): Promise<IngestStack> {
  ensureMediaPackages();
  const ports = await freePorts();
  const media = mkdtempSync(join(tmpdir(), 'ingest-test-'));
  const env: NodeJS.ProcessEnv = {
    PLATFORM_ENV: 'test',
    RTMP_PORT: String(ports.rtmp),
    MEDIA_HTTP_PORT: String(ports.http),
    MEDIA_CONTROL_PORT: String(ports.control),
    MEDIA_FLV_RTMP_PORT: String(ports.flvRtmp),
    MEDIA_FLV_HTTP_PORT: String(ports.flvHttp),
    MEDIA_LADDER_PORT: String(ports.ladder),
    MEDIA_LADDER: 'none',
    MEDIA_LADDER_PRESET: 'ultrafast',
    MEDIA_DIR: media,
    MEDIA_SECRET: randomBytes(24).toString('base64url'),
    MEDIA_TOKEN_SECRET: randomBytes(24).toString('base64url'),
    API_PORT: String(ports.api),
    INGEST_RECONNECT_GRACE_MS: String(graceMs),
    ...extra,
  };
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const events: ChatEvent[] = [];
  const ingest = loadIngest(env, 'test');
  const deps = buildServices({ config: loadConfig(env), database, ingest, chat: { publish: (e) => events.push(e) } });
  const app = createApp(deps);
  const stopSweeper = startIngestSweeper(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: ports.api }, () => resolve(s as Server)) as Server;
  });
  const startMedia = async () => {
    const child = spawn(join(ROOT, 'node_modules/.bin/node'), [join(ROOT, 'media/start.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitFor('the media server', async () => {
      if (child.exitCode !== null) throw new Error(`media server exited with ${child.exitCode}`);
      return fetch(`http://127.0.0.1:${ports.http}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    });
    return child;
  };
  let mediaServer = await startMedia();
  let n = 0;
  const edgeKey = mediaEdgeKey(env.MEDIA_TOKEN_SECRET!);
  return {
    ports,
    apiOrigin: `http://127.0.0.1:${ports.api}`,
    mediaOrigin: (path, { edge = true } = {}) =>
      fetch(`http://127.0.0.1:${ports.http}${path}`, edge ? { headers: { [MEDIA_EDGE_HEADER]: edgeKey } } : {}),
    deps,
    database,
    ingest,
    events,
    env,
    media,
    rtmpUrl: `rtmp://127.0.0.1:${ports.rtmp}/live`,
    async newChannel(name) {
      const [member] = await database.db
        .insert(members)
        .values({
          loginId: `${name}${++n}`.slice(0, 15),
          nickname: `${name}${n}`.slice(0, 10),
          passwordHash: 'x',
          device: 'PCWEB',
        })
        .returning({ id: members.id });
      const [channel] = await database.db
        .insert(channels)
        .values({ ownerId: member!.id, title: `${name} live` })
        .returning({ id: channels.id });
      return channel!.id;
    },
    async restartMediaServer() {
      await killTree(mediaServer);
      await waitFor(
        'the media server gone',
        async () => !(await listening(ports.rtmp)) && !(await listening(ports.http)),
      );
      mediaServer = await startMedia();
    },
    async close() {
      stopSweeper();
      await stopChild(mediaServer);
      await new Promise((r) => server.close(r));
      await database.close();
      rmSync(media, { recursive: true, force: true });
    },
  };
}

/** Every process below `pid` (children, their children …). */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length === 2);
  const below = rows.filter(([, ppid]) => ppid === pid).map(([child]) => child!);
  return below.flatMap((child) => [child, ...descendants(child)]);
}

/** Kills the media server with nginx (master and workers) and the relay at once, as a crash would. */
async function killTree(child: ChildProcess): Promise<void> {
  const tree = descendants(child.pid!);
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  for (const pid of [child.pid!, ...tree]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await exited;
}

/** Whether something accepts connections on the loopback port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Push {
  child: ChildProcess;
  /** Resolves with ffmpeg's exit code when it stops. */
  exited: Promise<number>;
  stderr: () => string;
}

/**
 * ffmpeg pushing a test pattern with a tone for `seconds`: 320x180 at 25 fps with 1-s keyframes
 * unless told (small and fast: two shared cores); `gop` is the keyframe interval in frames.
 */
export function push(
  rtmpUrl: string,
  key: string,
  seconds: number,
  { size = '320x180', rate = 25, gop = 25 } = {},
): Push {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(gop), '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `${rtmpUrl}/${key}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  return { child, exited, stderr: () => stderr };
}

/** The channel's running live (type 1, not ended), or null. */
export async function liveOf(database: Database, channelId: number) {
  const rows = await database.db.select().from(streams).where(eq(streams.channelId, channelId));
  return rows.find((s) => s.type === 1 && s.endedAt === null) ?? null;
}

export async function ingestRow(database: Database, streamId: number) {
  const [row] = await database.db.select().from(liveIngest).where(eq(liveIngest.streamId, streamId));
  return row ?? null;
}

/**
 * The edge worker (workerd) in front of the stack's API and media origin, as browsers and
 * recorders reach them; the site it serves is a tiny fixture (worker/testing/harness.ts).
 */
export function startEdge(stack: IngestStack): Promise<WorkerUnderTest> {
  return startWorker({
    API_ORIGIN: stack.apiOrigin,
    MEDIA_ORIGIN: `http://127.0.0.1:${stack.ports.http}`,
    MEDIA_TOKEN_SECRET: stack.env.MEDIA_TOKEN_SECRET!,
  });
}
