/**
 * One stylesheet for a page whose first request after the document must not queue: the build's
 * `<link rel="stylesheet">`s of the page, joined in document order into one hashed file of
 * `_astro/` (so every relative `url()` still resolves), the first link pointing at it and the others
 * gone. Over HTTP/1.1 a browser opens six connections per origin and the live page's ten sheets
 * took them all, so its video's playlist waited for a free one (docs/BENCHMARKS.md, first frame).
 * Used after the build on the live page of every brand and locale (scripts/live-page.ts).
 */
import { createHash } from 'node:crypto';

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
