/**
 * The brand's logo as the pages write it (build time only: the header's image and the tab icon). A
 * small file (the brands' logos are ~0.3 KiB) goes into the page as a `data:` URL: one request fewer
 * on every page, and on a live page one fewer in front of the playlist and the first segments
 * (docs/BENCHMARKS.md). A large one stays a path, fetched once and cached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOGO_INLINE_MAX_BYTES = 2048;

const written = new Map<string, string>();

/** `logoPath`: the brand's logo under public/ (domain/brands.ts `logo`). */
export function logoSrc(logoPath: string, publicDir = join(process.cwd(), 'public')): string {
  const file = join(publicDir, logoPath);
  let src = written.get(file);
  if (src === undefined) {
    src = logoPath;
    try {
      const bytes = readFileSync(file);
      if (logoPath.endsWith('.svg') && bytes.length <= LOGO_INLINE_MAX_BYTES) src = `data:image/svg+xml;base64,${bytes.toString('base64')}`;
    } catch {
      // No such file here: the path, as before.
    }
    written.set(file, src);
  }
  return src;
}
