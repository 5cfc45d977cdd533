/**
 * Debian's media packages, installed when missing (as `npm start` does for Chromium and
 * PostgreSQL): nginx with the RTMP module, and ffmpeg (recordings, thumbnails, `npm run demo:push`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { RTMP_MODULE } from './render.ts';

export const NGINX = '/usr/sbin/nginx';
export const PACKAGES = ['nginx-light', 'libnginx-mod-rtmp', 'ffmpeg'] as const;

const onPath = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

export function missingMediaPackages(): string[] {
  const missing: string[] = [];
  if (!existsSync(NGINX)) missing.push('nginx-light');
  if (!existsSync(RTMP_MODULE)) missing.push('libnginx-mod-rtmp');
  if (!onPath('ffmpeg') || !onPath('ffprobe')) missing.push('ffmpeg');
  return missing;
}

/** Installs what is missing (root only: `apt-get update`, then `apt-get install -y`); throws when it cannot. */
export function ensureMediaPackages(log: (line: string) => void = console.log): void {
  const missing = missingMediaPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`missing Debian packages: ${missing.join(' ')} (run: sudo apt-get install -y ${missing.join(' ')})`);
  log(`[media] installing Debian's ${missing.join(', ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  const still = missingMediaPackages();
  if (r.status !== 0 || still.length) throw new Error(`apt-get install ${missing.join(' ')} failed (still missing: ${still.join(' ') || 'none'})`);
}

if (import.meta.main) ensureMediaPackages();
