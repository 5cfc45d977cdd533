/**
 * The entry pages' JavaScript as a visitor pays it: every script Chromium fetches (modules,
 * their imports, islands hydrated on load or on idle, chunks imported right after) until the
 * network has been idle, plus the page's inline scripts; each file gzip -9, counted once. Beside
 * it, the static count of the same page from dist/ (what loads on page load only). Each page a
 * cold load (empty cache) at 375 px, through `wrangler dev` (scripts/bench-browser.ts).
 */
import { gzipSync } from 'node:zlib';
import { BRAND_IDS } from '../domain/brands.ts';
import { startBenchStack, type BenchStack } from './bench-browser.ts';
import { ENTRY_BUDGETS_KIB } from './entry-budgets.ts';

const LOCALES = ['ko', 'en'] as const;

const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
const INLINE = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

interface Fetched {
  bytes: number;
  files: number;
}

async function untilIdle(stack: BenchStack, host: string, locale: string, path: string): Promise<Fetched> {
  const context = await stack.context({ locale, host });
  const scripts = new Map<string, Promise<number>>();
  let inline = 0;
  context.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' && !scripts.has(res.url()))
      scripts.set(
        res.url(),
        res.body().then(gz, () => 0),
      );
  });
  try {
    const page = await context.newPage();
    const base = stack.base.replace('localhost', host);
    const doc = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    // Islands hydrated on idle and chunks they import come after the first quiet moment.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const html = (await doc?.text()) ?? '';
    for (const m of html.matchAll(INLINE)) if (m[1]!.trim() && !m[1]!.trim().startsWith('{')) inline += gz(m[1]!);
    const sizes = await Promise.all(scripts.values());
    return { bytes: sizes.reduce((a, b) => a + b, 0) + inline, files: scripts.size };
  } finally {
    await context.close();
  }
}

/**
 * Prints the table; true when every entry page of every brand and locale is within its budget.
 * `onLoad` gives the static count of a page (bytes), or null when it has none.
 */
export async function benchEntryPages(
  onLoad: (brand: string, locale: string, path: string) => number | null,
  brands: readonly string[] = BRAND_IDS,
): Promise<boolean> {
  const stack = await startBenchStack();
  const kb = (n: number) => (n / 1024).toFixed(1);
  let ok = true;
  try {
    console.log(
      `\nentry pages: JavaScript fetched until idle by Chromium ${stack.browser.version()} at 375 px (KiB gzip -9), through wrangler dev`,
    );
    console.log('| brand | locale | page | until idle | files | on load (dist/) | budget |');
    console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
    for (const brand of brands)
      for (const locale of LOCALES)
        for (const [path, budget] of Object.entries(ENTRY_BUDGETS_KIB)) {
          const host = brand === 'main' ? 'localhost' : `${brand}.localhost`;
          const fetched = await untilIdle(stack, host, locale, path);
          const staticBytes = onLoad(brand, locale, path);
          const within = fetched.bytes / 1024 <= budget;
          ok &&= within;
          console.log(
            `| ${brand} | ${locale} | ${path} | ${kb(fetched.bytes)} | ${fetched.files} | ${staticBytes === null ? '—' : kb(staticBytes)} | ${budget} ${within ? '✓' : '✗'} |`,
          );
        }
  } finally {
    await stack.close();
  }
  return ok;
}
