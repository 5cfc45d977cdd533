/**
 * Page-weight budgets CI enforces: byte counts of the built site, not timings, so they
 * are stable from run to run. Needs `npm run build:site` (npm test builds first).
 *
 * Why these numbers: React 19 + react-dom is ~69 KiB gzip on any page with an island and the shell
 * adds ~14 KiB (header, dialogs, API client), so a one-form page sits near 84 KiB. Sign-in and
 * sign-up have the 90 KiB ceiling. The channel pages add the chat client and socket.io
 * (the player libraries load on demand and are not counted). Pages without islands ship none.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageCost, pages } from '../../scripts/bench-pages.ts';

const KIB = 1024;
const DIST = join(import.meta.dirname, '../../dist');

/** Gzip JS loaded by a page, in KiB, by visible path; first match wins. */
const JS_BUDGETS_KIB: [RegExp, number][] = [
  [/^\/static\//, 0],
  [/^\/notices\/maintenance\/$/, 0],
  [/^\/offline\/$/, 0],
  [/^\/signin\/$/, 90],
  [/^\/signup\/$/, 90],
  [/^\/$/, 95],
  [/^\/channels\//, 118],
  [/^\/vod\//, 118],
  [/./, 106],
];
const HTML_BUDGET_KIB = 16;

const variants = ['main/ko', 'main/en', 'coin/ko', 'hearheart/en'];

describe.each(variants)('page weight of %s', (variant) => {
  const base = join(DIST, variant);
  it('has a build to measure', () => {
    expect(existsSync(base), `no build at dist/${variant}: run npm run build:site`).toBe(true);
  });
  if (!existsSync(base)) return;
  const costs = pages(base).map((f) => pageCost(f, `/${relative(base, f).replace(/index\.html$/, '')}`));

  it.each(costs.map((c) => [c.page, c] as const))('%s stays within its budgets', (_page, cost) => {
    const budget = JS_BUDGETS_KIB.find(([re]) => re.test(cost.page))![1];
    expect(cost.jsGzip / KIB, `gzip JS of ${cost.page}`).toBeLessThanOrEqual(budget);
    expect(cost.htmlBytes / KIB, `HTML of ${cost.page}`).toBeLessThanOrEqual(HTML_BUDGET_KIB);
  });
});
