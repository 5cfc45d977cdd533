/**
 * The built live page of every brand and locale carries its stylesheet in its head (scripts/live-page.ts,
 * scripts/page-stylesheet.ts): no sheet to ask for before its first render, allowed by the page's own
 * CSP through that text's hash (its HTML's budget is in page-weight.test.ts); right after its player,
 * the classic script that fetches what the player asks for first (src/islands/player/prefetch-ahead.ts),
 * allowed by its hash too; and nothing of the gift dialog but the empty dialog (its form exists
 * while it is open). Needs `npm run build:site` (npm test builds first).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS } from '../../domain/brands.ts';
import { LOCALES } from '../../domain/locales.ts';

const DIST = join(import.meta.dirname, '../../dist');

const files = BRAND_IDS.flatMap((brand) =>
  LOCALES.map((locale) => join(DIST, brand, locale, 'channels/_/live/index.html')),
).filter((f) => existsSync(f));

describe('the built live page', () => {
  it('is built', () => {
    expect(files.length, 'no build in dist/: run npm run build:site').toBe(BRAND_IDS.length * LOCALES.length);
  });

  it.each(files)('%s has its stylesheet inline, allowed by its CSP', (file) => {
    const html = readFileSync(file, 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).not.toMatch(/<link[^>]*rel="?stylesheet/);
    const sheets = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).toContain('.site-header{');
    expect(sheets[0]).toContain('.player-video{');
    const styleSrc = /<meta http-equiv="content-security-policy" content="[^"]*?(?:^|;)\s*style-src ([^;"]*)/.exec(
      head,
    )?.[1];
    const hash = `'sha256-${createHash('sha256').update(sheets[0]!, 'utf8').digest('base64')}'`;
    expect(styleSrc?.split(' ')).toContain(hash);
  });
});

describe('before the first frame, the built live page', () => {
  it.each(files)(
    '%s has the script that fetches ahead right after the player, classic and allowed by its CSP',
    (file) => {
      const html = readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script data-prefetch-ahead>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts).toHaveLength(1);
      // After the video and before the page's other islands (the gift dialog's among them).
      const at = html.indexOf('<script data-prefetch-ahead>');
      expect(at).toBeGreaterThan(html.indexOf('id="live-video"'));
      expect(at).toBeLessThan(html.indexOf('GiftDialog'));
      const scriptSrc = /<meta http-equiv="content-security-policy" content="[^"]*?(?:^|;)\s*script-src ([^;"]*)/.exec(
        html,
      )?.[1];
      expect(scriptSrc?.split(' ')).toContain(
        `'sha256-${createHash('sha256').update(scripts[0]!, 'utf8').digest('base64')}'`,
      );
    },
  );

  it.each(files)(
    '%s names the built hls.js engine beside its early script, for the loader to ask for at once',
    (file) => {
      const html = readFileSync(file, 'utf8');
      const engine =
        /<script type="module" async data-live-boot="[^"]+" data-hls-engine="(\/_astro\/hls-engine\.[\w-]+\.js)">/.exec(
          html,
        )?.[1];
      expect(engine).toBeDefined();
      expect(existsSync(join(DIST, engine!))).toBe(true);
    },
  );

  it.each(files)('%s has the gift dialog empty: no form to render or scan before the video', (file) => {
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/<dialog class="luv-dialog"><\/dialog>/);
    expect(html).not.toContain('<form class="luv-form"');
  });
});
