/**
 * `node media/start.ts`: the media server in the foreground. Installs Debian's nginx RTMP module and
 * ffmpeg when missing, renders media/nginx.conf.template for the ports and directory of the
 * environment (media/settings.ts), then runs nginx (RTMP ingest with the API's publish callbacks,
 * HLS, recordings, the control endpoint) and the HTTP-FLV relay as children. Once nginx answers,
 * it tells the API it started (a restarted media server holds no publisher, so lives still marked
 * as publishing go into their reconnect grace). The ladder supervisor (media/ladder.ts) runs in this
 * process, before nginx (whose `media` application tells it of each publish), and its transcoders
 * are its children. SIGTERM or SIGINT stops all of them; if nginx or the relay dies, the rest is
 * stopped and this exits non-zero.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLadder } from './ladder.ts';
import { ensureMediaPackages, NGINX } from './packages.ts';
import { renderNginxConfig } from './render.ts';
import { mediaPaths, mediaSettings } from './settings.ts';

/** Debian's unprivileged user: nginx's workers run as it when the master is root. */
const NOBODY = { name: 'nobody nogroup', uid: 65534, gid: 65534 };

const settings = mediaSettings();
ensureMediaPackages();
const paths = mediaPaths(settings.dir);
for (const dir of Object.values(paths)) mkdirSync(dir, { recursive: true });
const root = process.getuid?.() === 0;
// Workers write HLS fragments and recordings; a root-owned directory would fail them silently.
if (root) {
  for (const dir of [paths.hls, paths.dvr, paths.recordings, paths.temp]) chownSync(dir, NOBODY.uid, NOBODY.gid);
  // …and they must reach them (and the VODs they serve) through the media directory itself.
  chmodSync(settings.dir, statSync(settings.dir).mode | 0o055);
  // A media directory inside a private one (mkdtemp's 0700) is out of their reach too: its
  // ancestors get the search bit only (nothing in them becomes listable).
  for (let dir = dirname(settings.dir); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode;
    if (!(mode & 0o001)) chmodSync(dir, mode | 0o001);
  }
}
const confFile = join(paths.conf, 'nginx.conf');
writeFileSync(
  confFile,
  renderNginxConfig(settings, { runAs: root ? NOBODY.name : null, logLevel: process.env.MEDIA_LOG_LEVEL ?? 'warn' }),
  { mode: 0o600 },
);

// Before nginx: its `media` application refuses a publish whose notice finds nobody listening.
const ladder = await startLadder(settings);
const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, cmd: string, args: string[]): ChildProcess {
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[media] ${name} exited (${signal ?? code}); stopping the media server`);
    void stop(1);
  });
  children.push(child);
  return child;
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await ladder.stop();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
// No transcoder outlives this process, however it ends (an uncaught error included).
process.on('exit', () => ladder.killNow());

run('flv-relay', process.execPath, [fileURLToPath(new URL('./flv-relay.ts', import.meta.url))]);
// -e: errors before the config is read (its own error_log) go to stderr, not /var/log/nginx.
run('nginx', NGINX, ['-p', settings.dir, '-e', 'stderr', '-c', confFile]);
console.log(
  `[media] RTMP ingest ${settings.rtmpUrl}/<stream key> · media origin http://${settings.httpBind}:${settings.httpPort} (for the worker: MEDIA_ORIGIN) · data ${settings.dir}`,
);
void announceStart();

const RESET_RETRY_MS = 2000;
const HEALTH_RETRY_MS = 100;

/**
 * `POST /api/ingest/media-server-started`: the lives the API still counts as publishing lost their
 * encoder with the previous media server. Retried until the API answers (it may start after us).
 */
async function announceStart(): Promise<void> {
  const health = `http://127.0.0.1:${settings.httpPort}/healthz`;
  const url = `${settings.callbackOrigin}/api/ingest/media-server-started?secret=${encodeURIComponent(settings.secret)}`;
  while (!stopping) {
    const up = await fetch(health).then(
      (r) => r.ok,
      () => false,
    );
    const res = up ? await fetch(url, { method: 'POST' }).catch(() => null) : null;
    if (res?.ok) {
      const { reset } = (await res.json()) as { reset: number };
      if (reset > 0)
        console.log(
          `[media] ${reset} live(s) were publishing through the previous media server: waiting for their encoders`,
        );
      return;
    }
    await res?.body?.cancel();
    // nginx answers within moments of starting: look again soon, so an encoder that connects
    // right after it does is not taken for one of the previous media server's.
    await new Promise((r) => setTimeout(r, up ? RESET_RETRY_MS : HEALTH_RETRY_MS));
  }
}
