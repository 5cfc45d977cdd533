/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, the default) in Debian's Chromium with the
 * Korean fonts (scripts/ensure-chromium.ts) against the real stack, on home, sign-in, sign-up, a
 * live channel and a policy page, each in Korean and English (the `locale` cookie). Prints the
 * scores and CLS, and fails when accessibility is below 100, SEO below 95 or CLS above 0.05.
 * Its own ports (LH_PORT, LH_PORT+1) and data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt } from './build.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { stopAll } from './processes.ts';
import { startStack } from './stack.ts';

const port = Number(process.env.LH_PORT ?? 8899);
const apiPort = port + 1;
const dataDir = mkdtempSync(join(tmpdir(), 'flx-lh-'));
const BUDGET = { accessibility: 1, seo: 0.95 } as const;
const CLS_MAX = 0.05;
const LOCALES = ['ko', 'en'] as const;

ensureBuilt();
const chromePath = ensureChromium();
await startStack({ port, apiPort, dataDir });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let failed = false;
try {
  const base = `http://localhost:${port}`;
  const lives = (await (await fetch(`${base}/api/lives?limit=100`)).json()) as {
    list: { loginId: string; channelId: number }[];
  };
  const live = lives.list.find((l) => l.loginId === 'bj0001')!.channelId;
  const all = ['/', '/signin', '/signup', `/channels/${live}/live`, '/static/privacy-rules'];
  // LH_PAGES=/,/signin runs some of them (diagnosis); CI runs all.
  const pages = process.env.LH_PAGES
    ? all.filter((p) => process.env.LH_PAGES!.split(',').includes(p.startsWith('/channels/') ? '/channels' : p))
    : all;
  console.log(
    '| page | locale | performance | accessibility | best practices | SEO | CLS |\n| --- | --- | ---: | ---: | ---: ' +
      '| ---: | ---: |',
  );
  for (const path of pages)
    for (const locale of LOCALES) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        extraHeaders: { Cookie: `locale=${locale}` },
      });
      const c = result!.lhr.categories;
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      const cls = result!.lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity;
      console.log(
        `| ${path} | ${locale} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${cls.toFixed(3)} |`,
      );
      if (cls > CLS_MAX) {
        failed = true;
        const shifts =
          (
            result!.lhr.audits['layout-shifts']?.details as
              | { items?: { node?: { snippet?: string }; score?: number }[] }
              | undefined
          )?.items ?? [];
        console.log(
          `  ✗ CLS above ${CLS_MAX}: ${shifts.map((x) => `${x.node?.snippet ?? '?'} (${x.score?.toFixed(3)})`).join('; ') || 'no element named'}`,
        );
      }
      if (process.env.LH_METRICS) {
        const a = result!.lhr.audits;
        const v = (id: string) => a[id]?.displayValue ?? '?';
        console.log(
          `  FCP ${v('first-contentful-paint')}, LCP ${v('largest-contentful-paint')}, TBT ${v('total-blocking-time')}, CLS ${v('cumulative-layout-shift')}, SI ${v('speed-index')}`,
        );
        const lcp = a['largest-contentful-paint-element']?.details as
          | { items?: { items?: { node?: { snippet?: string } }[] }[] }
          | undefined;
        console.log(`  LCP element: ${lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? '?'}`);
        const below = (id: string) =>
          c[id]!.auditRefs.map((r) => a[r.id]!).filter(
            (x) =>
              x.score !== null &&
              x.score < 1 &&
              x.scoreDisplayMode !== 'informative' &&
              x.scoreDisplayMode !== 'manual' &&
              x.scoreDisplayMode !== 'notApplicable',
          );
        console.log(
          `  best-practices below 100: ${
            below('best-practices')
              .map((x) => x.id)
              .join(', ') || 'none'
          }`,
        );
        const errors =
          (
            a['errors-in-console']?.details as
              | { items?: { source?: string; description?: string; sourceLocation?: { url?: string } }[] }
              | undefined
          )?.items ?? [];
        for (const e of errors) console.log(`  console: [${e.source}] ${e.description} ${e.sourceLocation?.url ?? ''}`);
      }
      for (const [category, min] of Object.entries(BUDGET)) {
        if ((c[category]?.score ?? 0) < min) {
          failed = true;
          const audits = c[category]!.auditRefs.map((r) => result!.lhr.audits[r.id]!).filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual',
          );
          console.log(`  ✗ ${category} below ${min * 100}: ${audits.map((a) => `${a.id} (${a.title})`).join('; ')}`);
        }
      }
    }
} finally {
  await chrome.kill();
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
