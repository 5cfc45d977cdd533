/**
 * The brand's tab icon as the pages write it (build time only): the square mark of
 * `brand.icon` (a small SVG under public/, no text) drawn by sharp (libvips and librsvg, already
 * Astro's image library) as a 32 × 32 PNG in a `data:` URL.
 *
 * Not the SVG itself: Chromium downloads and decodes a page's icon in the page's own renderer, on its
 * main thread, once the page has loaded (blink.mojom.ImageDownloader), and an SVG icon is a whole
 * isolated SVG document there (its own frame, style, layout, and fonts for any text). On a live page
 * that load comes with the video's first data, so the decode landed between the video's first data
 * and its first frame: 3-38 ms of the main thread in traces; 6-17 ms of the first frame's median in
 * two A/B runs, inside the spread between runs (docs/BENCHMARKS.md, "The tab icon"). In three traces
 * since, the PNG's task took 0.8, 1.8 and 6.3 ms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** The icon's side in pixels: a tab's 16 CSS px at twice the density. */
export const ICON_SIZE = 32;

const PUBLIC_DIR = join(process.cwd(), 'public');

const icons = new Map<string, Promise<string>>();

/**
 * The tab icon's `href` for `iconPath` (domain/brands.ts `icon`, under public/). A missing or
 * unreadable file fails the build: every brand has its mark.
 */
export function iconHref(iconPath: string, publicDir = PUBLIC_DIR): Promise<string> {
  const file = join(publicDir, iconPath);
  let href = icons.get(file);
  if (!href) {
    href = (async () => {
      const svg = readFileSync(file);
      // The SVG drawn at the icon's size (72 dpi is one user unit per pixel), not drawn small and scaled.
      const meta = await sharp(svg).metadata();
      const density = (72 * ICON_SIZE) / Math.max(meta.width ?? ICON_SIZE, meta.height ?? ICON_SIZE);
      const png = await sharp(svg, { density })
        .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    })();
    icons.set(file, href);
  }
  return href;
}
