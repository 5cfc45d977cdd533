/** How every local stack runs the edge worker: `wrangler dev` on 127.0.0.1, its settings as `--var`s. */
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

/** The npm launcher (runs wrangler with the first `node` on PATH). */
export const WRANGLER_BIN = join(ROOT, 'node_modules/.bin/wrangler');
/** Wrangler's script, for running it with a chosen Node (`process.execPath`). */
export const WRANGLER_JS = join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
/** The environment wrangler dev runs with: no usage reports (and no network for them). */
export const WRANGLER_ENV = { WRANGLER_SEND_METRICS: 'false' } as const;

export interface WranglerDevOptions {
  port: number;
  /** The worker's bindings (`--var NAME:value`), API_ORIGIN first. */
  vars: Record<string, string>;
  logLevel: 'warn' | 'error';
  /** Another built site than wrangler.jsonc's. */
  assetsDir?: string;
}

/** The arguments of `wrangler dev` for `options`. */
export function wranglerDevArgs({ port, vars, logLevel, assetsDir }: WranglerDevOptions): string[] {
  return [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--show-interactive-dev-session=false',
    ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    '--log-level',
    logLevel,
    ...(assetsDir ? ['--assets', assetsDir] : []),
  ];
}
