/**
 * Languages of the built site (SPEC §1): pages exist in ko and en only and the switcher offers
 * those two; ja and zh are resources fetched on demand, so no page loads them with itself.
 * Needs `npm run build:site` (npm test builds first).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS } from '../../domain/brands.ts';
import { LOCALES } from '../../domain/locales.ts';
import { pages, pageScripts } from '../../scripts/bench-pages.ts';
import ja from '../../messages/ja.json' with { type: 'json' };
import zh from '../../messages/zh.json' with { type: 'json' };

const DIST = join(import.meta.dirname, '../../dist');
const ASSETS = join(DIST, '_astro');

/** The values of the locale switcher's buttons on a built page, or null without a switcher. */
function switcherLocales(html: string): string[] | null {
  // The header's menu: its language items submit the form `flx-lf` (SiteHeader.astro).
  if (!html.includes('id="flx-lf"')) return null;
  return [...html.matchAll(/<button[^>]*\bform="flx-lf"[^>]*\bname="locale"[^>]*\bvalue="([^"]*)"/g)].map((m) => m[1]!);
}

/** The chunk under /_astro/ holding a resource file, found by one of its texts. */
function resourceChunk(text: string): string | undefined {
  const name = readdirSync(ASSETS).find(
    (f) => f.endsWith('.js') && readFileSync(join(ASSETS, f), 'utf8').includes(text),
  );
  return name && `/_astro/${name}`;
}

describe('languages of the built site', () => {
  it('has a build to read', () => {
    expect(existsSync(ASSETS), 'no build in dist/: run npm run build:site').toBe(true);
  });
  if (!existsSync(ASSETS)) return;

  it.each(BRAND_IDS.filter((b) => existsSync(join(DIST, b))))('%s is built in ko and en only', (brand) => {
    const dirs = readdirSync(join(DIST, brand), { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(dirs.map((d) => d.name).sort()).toEqual([...LOCALES].sort());
  });

  const variants = BRAND_IDS.flatMap((b) => LOCALES.map((l) => `${b}/${l}`)).filter((v) => existsSync(join(DIST, v)));
  it.each(variants)('every page of %s with a language switcher offers 한국어 and English only', (variant) => {
    let switchers = 0;
    for (const file of pages(join(DIST, variant))) {
      const offered = switcherLocales(readFileSync(file, 'utf8'));
      if (offered === null) continue;
      switchers++;
      expect(offered, file).toEqual(['ko', 'en']);
    }
    expect(switchers).toBeGreaterThan(0);
  });

  const jaChunk = resourceChunk(ja.shell_language_notice_text);
  const zhChunk = resourceChunk(zh.shell_language_notice_text);
  it('builds the ja and zh resources as chunks of their own', () => {
    expect(jaChunk).toBeDefined();
    expect(zhChunk).toBeDefined();
    expect(jaChunk).not.toBe(zhChunk);
  });

  it.each(variants)(
    'no page of %s loads the ja or zh resource with itself; the Korean home page can fetch them',
    (variant) => {
      for (const file of pages(join(DIST, variant))) {
        const { eager } = pageScripts(file);
        expect(eager.has(jaChunk!), file).toBe(false);
        expect(eager.has(zhChunk!), file).toBe(false);
      }
      if (variant.endsWith('/ko')) {
        const { lazy } = pageScripts(join(DIST, variant, 'index.html'));
        expect(lazy.has(jaChunk!) && lazy.has(zhChunk!)).toBe(true);
      }
    },
  );
});
