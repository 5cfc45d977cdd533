/**
 * Every built page's tab icon is its brand's mark as a small PNG `data:` URL (src/lib/brand-icon.ts),
 * never an SVG: Chromium decodes a page's icon on that page's main thread right after its load, and an
 * SVG icon there is a whole SVG document (docs/BENCHMARKS.md, "The tab icon"). Needs
 * `npm run build:site` (npm test builds first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, brandById, type BrandId } from '../../domain/brands.ts';
import { iconHref } from '../../src/lib/brand-icon.ts';

const DIST = join(import.meta.dirname, '../../dist');

const pages = (readdirSync(DIST, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => f.endsWith('.html') && (BRAND_IDS as readonly string[]).includes(f.split(sep)[0]!))
  .map((f) => join(DIST, f));

describe('the tab icon of every built page', () => {
  it('is built for every brand', () => {
    const brands = new Set(pages.map((f) => relative(DIST, f).split(sep)[0]));
    expect([...brands].sort(), 'no build in dist/: run npm run build:site').toEqual([...BRAND_IDS].sort());
  });

  it("is one PNG of the page's brand's mark, under 1 KiB, and no SVG icon", async () => {
    const expected = new Map(
      await Promise.all(BRAND_IDS.map(async (id) => [id, await iconHref(brandById(id).icon)] as const)),
    );
    const wrong: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((m) => m[0]);
      const href = icons.length === 1 ? /href="([^"]*)"/.exec(icons[0]!)?.[1] : undefined;
      const brand = relative(DIST, file).split(sep)[0] as BrandId;
      if (
        icons.length !== 1 ||
        !icons[0]!.includes('type="image/png"') ||
        href !== expected.get(brand) ||
        href.length > (1024 * 4) / 3 + 30
      )
        wrong.push(`${relative(DIST, file)}: ${icons.join(' ').slice(0, 120) || 'no icon'}`);
    }
    expect(pages.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
