/**
 * One stylesheet for a page whose first request after the document must not queue: the build's
 * `<link rel="stylesheet">`s of the page, joined in document order into one hashed file of
 * `_astro/` (so every relative `url()` still resolves), the first link pointing at it and the others
 * gone. Over HTTP/1.1 a browser opens six connections per origin and the live page's ten sheets
 * took them all, so its video's playlist waited for a free one (docs/BENCHMARKS.md, first frame).
 * Used by astro.config.mjs after the build, on the live page of every brand and locale.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LINK = /<link rel="?stylesheet"? href="?(\/_astro\/[\w.-]+\.css)"?>/g;

/** The page's HTML with its stylesheets as one, and that sheet's path and text; null when it has fewer than two. */
export function joinStylesheets(html: string, read: (href: string) => string): { html: string; href: string; css: string } | null {
  const hrefs = [...html.matchAll(LINK)].map((m) => m[1]!);
  if (hrefs.length < 2) return null;
  const css = hrefs.map(read).join('\n');
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
  const href = `/_astro/page.${hash}.css`;
  let first = true;
  const out = html.replace(LINK, () => {
    if (!first) return '';
    first = false;
    return `<link rel="stylesheet" href="${href}">`;
  });
  return { html: out, href, css };
}

/** Rewrites `dist/{brand}/{locale}{page}index.html` for every brand and locale; returns how many pages changed. */
export function joinPageStylesheets(dist: string, page: string): number {
  let changed = 0;
  for (const brand of readdirSync(dist, { withFileTypes: true })) {
    if (!brand.isDirectory() || brand.name.startsWith('_')) continue;
    for (const locale of readdirSync(join(dist, brand.name), { withFileTypes: true })) {
      const file = join(dist, brand.name, locale.name, page, 'index.html');
      if (!locale.isDirectory() || !existsSync(file)) continue;
      const joined = joinStylesheets(readFileSync(file, 'utf8'), (href) => readFileSync(join(dist, href), 'utf8'));
      if (!joined) continue;
      writeFileSync(join(dist, joined.href), joined.css);
      writeFileSync(file, joined.html);
      changed++;
    }
  }
  return changed;
}
