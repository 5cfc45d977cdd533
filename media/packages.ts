/**
 * Debian's media packages, installed when missing (as `npm start` does for Chromium and
 * PostgreSQL): nginx with the RTMP module, and ffmpeg (recordings, thumbnails, `npm run demo:push`).
 */
import { commandsFrom, ensureDebianPackages, fileFrom, missingPackages } from '../scripts/debian-packages.ts';
import { RTMP_MODULE } from './render.ts';

export const NGINX = '/usr/sbin/nginx';
const MEDIA_PACKAGES = [
  fileFrom('nginx-light', NGINX),
  fileFrom('libnginx-mod-rtmp', RTMP_MODULE),
  commandsFrom('ffmpeg', 'ffmpeg', 'ffprobe'),
];

export function missingMediaPackages(): string[] {
  return missingPackages(MEDIA_PACKAGES);
}

/** Installs what is missing (root only: `apt-get update`, then `apt-get install -y`); throws when it cannot. */
export function ensureMediaPackages(log: (line: string) => void = console.log): void {
  ensureDebianPackages(MEDIA_PACKAGES, { label: 'media', log });
}

if (import.meta.main) ensureMediaPackages();
