/**
 * Finds Chromium for Playwright without ever downloading a browser build:
 * CHROME_PATH, else Debian's /usr/bin/chromium, else `apt-get install chromium` when root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  const debian = '/usr/bin/chromium';
  if (existsSync(debian)) return debian;
  if (process.getuid?.() !== 0) throw new Error("Chromium not found: install Debian's chromium package or set CHROME_PATH");
  console.log("[chromium] installing Debian's chromium package …");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (r.status !== 0 || !existsSync(debian)) throw new Error('apt-get install chromium failed');
  return debian;
}

if (import.meta.main) console.log(ensureChromium());
