/**
 * Debian packages the tools need (Chromium and its Korean fonts, the media server's nginx and
 * ffmpeg), installed when missing as `npm start` and `npm test` promise on a fresh machine:
 * as root `apt-get update`, then `apt-get install -y`; otherwise an error that says what to
 * install. Never a browser or binary downloaded from elsewhere.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface DebianPackage {
  name: string;
  /** True when the package is there (a file it installs, a command on the PATH). */
  present(): boolean;
}

/** A package that is there when `path` exists. */
export const fileFrom = (name: string, path: string): DebianPackage => ({ name, present: () => existsSync(path) });

/** A package that is there when every command is on the PATH. */
export const commandsFrom = (name: string, ...commands: string[]): DebianPackage => ({
  name,
  present: () =>
    commands.every((cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0),
});

export function missingPackages(packages: readonly DebianPackage[]): string[] {
  return packages.filter((p) => !p.present()).map((p) => p.name);
}

/** Installs what is missing; throws when it cannot (not root, apt failed, still missing). */
export function ensureDebianPackages(
  packages: readonly DebianPackage[],
  { label = 'packages', log = console.log } = {},
): void {
  const missing = missingPackages(packages);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `missing Debian packages: ${missing.join(' ')} (run: sudo apt-get install -y ${missing.join(' ')})`,
    );
  log(`[${label}] installing Debian's ${missing.join(', ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  const still = missingPackages(packages);
  if (r.status !== 0 || still.length)
    throw new Error(`apt-get install ${missing.join(' ')} failed (still missing: ${still.join(' ') || 'none'})`);
}

/** Debian's redis-server (≥ 7, sharded pub/sub): the chat's adapter across API processes (scripts/with-redis.sh, api/chat/redis-adapter.test.ts). */
export function ensureRedisServer(log: (line: string) => void = console.log): void {
  ensureDebianPackages([commandsFrom('redis-server', 'redis-server', 'redis-cli')], { label: 'redis', log });
}
