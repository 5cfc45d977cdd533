/**
 * The live page after the build (astro.config.mjs, `astro:build:done`), on every brand and locale:
 * - its stylesheets written into its head as one `<style>`, their hash in its CSP (scripts/page-stylesheet.ts);
 * - its early script behind its loader: the build writes the early script (src/islands/player/live-boot.ts)
 *   as the page's one module script, and the loader (src/islands/player/live-loader.ts) inline after
 *   it. The module's address moves into the loader's `data-live-boot` and its tag goes: a module
 *   script in the page is asked for as soon as the parser meets it, and where the browser plays the
 *   written HLS source itself the loader imports it only after the video's first frame.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineStylesheets } from './page-stylesheet.ts';

const LIVE_PAGE = 'channels/_/live';

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[\w.-]+\.js)"><\/script>/g;
const LOADER = /<script type="module" async data-live-boot(?:="[^"]*")?>/g;
/** The built hls.js engine (src/islands/player/hls-engine.ts with hls.js): one chunk of its own. */
const HLS_ENGINE_CHUNK = /^hls-engine\.[\w-]+\.js$/;

/**
 * The page's HTML with its one module script's address in its loader, that script's tag gone; with `hlsEngine`, the
 * hls.js engine's address too (`data-hls-engine`), which the loader asks for beside the early script where hls.js
 * will play (live-loader.ts), instead of after it.
 */
export function earlyScriptBehindLoader(html: string, hlsEngine?: string): string {
  const modules = [...html.matchAll(MODULE_SCRIPT)];
  const loaders = [...html.matchAll(LOADER)];
  if (modules.length !== 1 || loaders.length !== 1)
    throw new Error(
      `the live page should have one module script and one loader; it has ${modules.length} and ${loaders.length}`,
    );
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(
      LOADER,
      `<script type="module" async data-live-boot="${modules[0]![1]}"${hlsEngine ? ` data-hls-engine="${hlsEngine}"` : ''}>`,
    );
}

/** The address of the built hls.js engine chunk in `dist/_astro`, or undefined when the build has none. */
function hlsEngineChunk(dist: string): string | undefined {
  const dir = join(dist, '_astro');
  const name = existsSync(dir) ? readdirSync(dir).find((f) => HLS_ENGINE_CHUNK.test(f)) : undefined;
  return name ? `/_astro/${name}` : undefined;
}

/**
 * Rewrites `dist/{brand}/{locale}/{page}/index.html` of every brand and locale as above; returns how many pages it
 * rewrote.
 */
export function finishLivePages(dist: string, page = LIVE_PAGE): number {
  let changed = 0;
  const hlsEngine = hlsEngineChunk(dist);
  for (const brand of readdirSync(dist, { withFileTypes: true })) {
    if (!brand.isDirectory() || brand.name.startsWith('_')) continue;
    for (const locale of readdirSync(join(dist, brand.name), { withFileTypes: true })) {
      const file = join(dist, brand.name, locale.name, page, 'index.html');
      if (!locale.isDirectory() || !existsSync(file)) continue;
      const html = readFileSync(file, 'utf8');
      const styled = inlineStylesheets(html, (href) => readFileSync(join(dist, href), 'utf8')) ?? html;
      writeFileSync(file, earlyScriptBehindLoader(styled, hlsEngine));
      changed++;
    }
  }
  return changed;
}
