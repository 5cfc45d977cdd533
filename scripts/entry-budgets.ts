/**
 * Entry pages and their budgets, KiB gzip of their JavaScript: what Chromium fetches until idle
 * (`npm run bench:pages`) and, in CI, what their module graph in dist/ loads (tests/budgets/).
 */
export const ENTRY_BUDGETS_KIB: Readonly<Record<string, number>> = {
  '/': 95,
  '/signin/': 80,
  '/signup/': 82,
  '/signup/foreigner/': 90,
};
