/**
 * Build-time only. sonner injects its stylesheet as a <style> element when it loads; our CSP
 * has no 'unsafe-inline' for style elements, so the layout adds the sha256 of exactly that text.
 * Read from the installed package, so an upgrade of sonner cannot silently break toasts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let cached: string | null | undefined;

/** `sha256-…` of sonner's injected CSS, or null when the package no longer injects any. */
export function sonnerStyleHash(): string | null {
  if (cached !== undefined) return cached;
  const require = createRequire(join(process.cwd(), 'package.json'));
  const file = join(dirname(require.resolve('sonner')), 'index.mjs');
  const match = /__insertCSS\((".*?(?<!\\)")\)/s.exec(readFileSync(file, 'utf8'));
  cached = match
    ? `sha256-${createHash('sha256')
        .update(JSON.parse(match[1]!) as string)
        .digest('base64')}`
    : null;
  return cached;
}
