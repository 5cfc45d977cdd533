/**
 * The brand's logo in the header, as the pages write it (build time only): a small SVG file is
 * written into the page as `<svg>` markup (`logoMarkup`): no request, and no image of its own to
 * build. A `data:` image cost the browser a whole isolated SVG document (its own frame, style, fonts)
 * in the middle of parsing the page: 5-13 ms of the main thread in front of a live page's `<video>`,
 * whose load started ~20 ms later for it (docs/BENCHMARKS.md "The logo"). A large file, or one with
 * anything but drawing in it, stays an `<img>` of its path, fetched once and cached.
 * The tab icon is not the logo but the brand's square mark, drawn as a PNG (src/lib/brand-icon.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOGO_INLINE_MAX_BYTES = 2048;

const PUBLIC_DIR = join(process.cwd(), 'public');

/** What an SVG written into the page may not hold: script, handlers, other documents, links out. */
const NOT_DRAWING = /<script|<foreignObject|<iframe|\son[a-z]+\s*=|(?:xlink:)?href\s*=\s*["'](?!#)|<!ENTITY|<!DOCTYPE/i;

const files = new Map<string, string | null>();

/** The small SVG file's text, or null (too large, not SVG, no such file). */
function smallSvg(logoPath: string, publicDir: string): string | null {
  const file = join(publicDir, logoPath);
  let text = files.get(file);
  if (text === undefined) {
    text = null;
    try {
      const bytes = readFileSync(file);
      if (logoPath.endsWith('.svg') && bytes.length <= LOGO_INLINE_MAX_BYTES) text = bytes.toString('utf8').trim();
    } catch {
      // No such file here: the path, as before.
    }
    files.set(file, text);
  }
  return text;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The header's logo as `<svg>` markup named `label` (an image with that accessible name; the file's
 * own title and role are replaced), or null when the file cannot be written in (then an `<img>`).
 */
export function logoMarkup(logoPath: string, label: string, publicDir = PUBLIC_DIR): string | null {
  const svg = smallSvg(logoPath, publicDir);
  const open = svg && /^(?:<\?xml[^>]*\?>\s*)?<svg\b([^>]*)>/i.exec(svg);
  if (!svg || !open || NOT_DRAWING.test(svg) || !/<\/svg>$/i.test(svg)) return null;
  const attributes = open[1]!.replace(/\s(?:role|aria-[a-z]+|focusable|class)\s*=\s*("[^"]*"|'[^']*')/gi, '');
  const body = svg.slice(open[0].length).replace(/<title\b[^>]*>[\s\S]*?<\/title>/gi, '');
  return `<svg${attributes} role="img" aria-label="${escapeAttr(label)}" focusable="false">${body}`;
}
