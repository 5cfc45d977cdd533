/** Shared helpers of the shell e2e tests: CSP guard, axe, viewports, API sign-in, session tricks. */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const SHELL_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  'mobile 375px': { width: 375, height: 740 },
} as const;

/** Fails the test on any Content-Security-Policy console message (STACK-NOTES §1) or uncaught page error. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text());
      });
      page.on('pageerror', (e) => violations.push(`uncaught: ${e.message}`));
      await use(violations);
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until the island holding `inside` has hydrated (Astro drops the island's `ssr` attribute
 * then): a click on server-rendered markup before that does nothing.
 */
export async function untilHydrated(page: Page, inside: Locator): Promise<void> {
  await expect(page.locator('astro-island', { has: inside }).last()).not.toHaveAttribute('ssr', /.*/);
}

/** The header's account area once its island has hydrated. */
export function account(page: Page) {
  return page.getByRole('region', { name: /^(내 계정|My account)$/ });
}

/** Signs in through the real API (the page context shares the cookie jar). */
export async function signInByApi(page: Page, loginId = 'viewer01'): Promise<void> {
  const send = () =>
    page.request.post('/v2/api/auth/signin', {
      data: { loginId, password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
    });
  // wrangler dev now and then resets a connection mid-body under parallel load; a second
  // sign-in is harmless (a new session), a wrong answer still fails below.
  const res = await send().catch(send);
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Revokes the session on the server while the browser keeps its refresh cookie and the hint,
 * and drops the access cookie as if it had expired: the next API call makes the edge try a
 * refresh, which the server refuses.
 */
export async function revokeSessionBehindTheBrowser(context: BrowserContext, page: Page): Promise<void> {
  const before = await context.cookies();
  const keep = before.filter((c) => c.name === 'flx_oauth_refresh' || c.name === 'flx_session');
  expect(keep.map((c) => c.name).sort()).toEqual(['flx_oauth_refresh', 'flx_session']);
  const res = await page.request.post('/api/auth/signout');
  expect(res.status()).toBe(200);
  await context.clearCookies({ name: 'flx_oauth_access' });
  await context.addCookies(keep);
}

/** What a visitor does when coming back to the tab. */
export async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}
