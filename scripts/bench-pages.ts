/**
 * `npm run bench:pages`: what each built page type costs a visitor, read from dist/ (run after
 * `npm run build:site`). For every page of one brand and locale: HTML bytes (raw, gzip) and the
 * JavaScript loaded on page load (gzip, each file counted once: module scripts, island
 * components and renderers, their static imports, inline scripts). Chunks only reached through
 * `import()` are listed apart as "lazy" (dialogs' forms, toasts, error reporting).
 * Usage: node scripts/bench-pages.ts [--brand main] [--locale ko] [--json]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const brand = arg('brand', 'main');
const locale = arg('locale', 'ko');

const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
const gzCache = new Map<string, number>();
export function gzFile(url: string): number {
  let size = gzCache.get(url);
  if (size === undefined) {
    const file = join(DIST, url);
    size = existsSync(file) ? gz(readFileSync(file)) : 0;
    gzCache.set(url, size);
  }
  return size;
}

const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;

function resolve(from: string, spec: string): string {
  return new URL(spec, `http://x${from}`).pathname;
}

/** Static closure of a module and the dynamic imports met on the way. */
export function closure(entries: string[]): { eager: Set<string>; lazy: Set<string> } {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const visit = (url: string) => {
    if (eager.has(url)) return;
    eager.add(url);
    const file = join(DIST, url);
    if (!existsSync(file)) return;
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(resolve(url, m[1]!));
    for (const m of code.matchAll(DYNAMIC_IMPORT)) lazy.add(resolve(url, m[1]!));
  };
  entries.forEach(visit);
  // A lazy chunk's own static imports are lazy too, unless page load needs them anyway.
  const lazyAll = new Set<string>();
  const visitLazy = (url: string) => {
    if (eager.has(url) || lazyAll.has(url)) return;
    lazyAll.add(url);
    const file = join(DIST, url);
    if (!existsSync(file)) return;
    const code = readFileSync(file, 'utf8');
    for (const m of [...code.matchAll(STATIC_IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]) visitLazy(resolve(url, m[1]!));
  };
  lazy.forEach(visitLazy);
  return { eager, lazy: lazyAll };
}

export interface PageCost {
  page: string;
  htmlBytes: number;
  htmlGzip: number;
  jsGzip: number;
  inlineJsGzip: number;
  lazyJsGzip: number;
  files: number;
}

/**
 * The modules a page loads by itself: module scripts, islands, and the live page's early script (its loader's
 * `data-live-boot`).
 */
export function scriptEntries(html: string): string[] {
  const entries = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="(\/_astro\/[^"]+\.js)"/g)) entries.add(m[1]!);
  for (const m of html.matchAll(
    /(?:component-url|renderer-url|before-hydration-url|data-live-boot)="(\/_astro\/[^"]+\.js)"/g,
  ))
    entries.add(m[1]!);
  return [...entries];
}

/** The scripts of a built page (URLs under /_astro/): loaded with the page, and reached only through `import()`. */
export function pageScripts(htmlFile: string): { eager: Set<string>; lazy: Set<string> } {
  return closure(scriptEntries(readFileSync(htmlFile, 'utf8')));
}

export function pageCost(htmlFile: string, pageName: string): PageCost {
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((s) => s.trim() && !s.trim().startsWith('{'));
  const { eager, lazy } = closure(scriptEntries(html));
  const inlineJsGzip = inline.reduce((n, s) => n + gz(s), 0);
  return {
    page: pageName,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gz(html),
    jsGzip: [...eager].reduce((n, u) => n + gzFile(u), 0) + inlineJsGzip,
    inlineJsGzip,
    lazyJsGzip: [...lazy].reduce((n, u) => n + gzFile(u), 0),
    files: eager.size,
  };
}

export function pages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...pages(p));
    else if (name === 'index.html') out.push(p);
  }
  return out;
}

if (import.meta.main) {
  const base = join(DIST, brand, locale);
  if (!existsSync(base)) {
    console.error(`no build at ${relative(ROOT, base)}: run npm run build:site first`);
    process.exit(1);
  }
  const rows = pages(base).map((f) => pageCost(f, `/${relative(base, f).replace(/index\.html$/, '')}`));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(`pages of ${brand}/${locale} (KiB; JS gzip -9, each file once; "lazy" = only via import())`);
    console.log('| page | HTML | HTML gzip | JS gzip on load | of which inline | lazy JS gzip |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows)
      console.log(
        `| ${r.page} | ${kb(r.htmlBytes)} | ${kb(r.htmlGzip)} | ${kb(r.jsGzip)} | ${kb(r.inlineJsGzip)} | ${kb(r.lazyJsGzip)} |`,
      );
  }
  if (!process.argv.includes('--static') && !process.argv.includes('--json')) {
    const { benchEntryPages } = await import('./bench-pages-browser.ts');
    const onLoad = (b: string, l: string, path: string) => {
      const file = join(DIST, b, l, path, 'index.html');
      return existsSync(file) ? pageCost(file, path).jsGzip : null;
    };
    if (!(await benchEntryPages(onLoad))) process.exit(1);
  }
}
