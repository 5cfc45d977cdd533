/**
 * Builds the site when its inputs changed since the last build (a content hash in dist/),
 * so a second `npm start` reuses the build and is up in seconds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const INPUTS = ['src', 'domain', 'messages', 'public', 'project.inlang/settings.json', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP = join(ROOT, 'dist', '.build-hash');

function files(path: string, out: string[] = []): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return out;
  if (statSync(full).isFile()) {
    out.push(path);
    return out;
  }
  for (const name of readdirSync(full).sort()) {
    if (name === 'paraglide' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    files(join(path, name), out);
  }
  return out;
}

export function inputHash(): string {
  const h = createHash('sha256');
  for (const f of INPUTS.flatMap((p) => files(p)))
    h.update(relative(ROOT, join(ROOT, f)))
      .update('\0')
      .update(readFileSync(join(ROOT, f)));
  return h.digest('hex');
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

/** Builds unless dist/ already holds the build of the current inputs. Returns whether it built. */
export function ensureBuilt({ force = false } = {}): boolean {
  const hash = inputHash();
  if (!force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return false;
  const started = performance.now();
  run('npm', ['run', '--silent', 'build:site']);
  writeFileSync(STAMP, hash);
  console.log(`[build] site built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.main) ensureBuilt({ force: process.argv.includes('--force') });
