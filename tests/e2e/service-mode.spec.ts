/**
 * Maintenance and emergency (SPEC §4) in Chromium against the real API, switched with
 * `POST /api/dev/service-mode`. The mode is global to an API, so this spec runs its own stack
 * (API on a throwaway PGlite dir + wrangler dev) instead of flipping the one other specs share.
 * The worker keeps the status a few seconds per isolate: each check waits for the redirect to
 * appear (a condition), never for a fixed time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { stopAll } from '../../scripts/processes.ts';
import { startStack } from '../../scripts/stack.ts';

const PORT = Number(process.env.SERVICE_MODE_E2E_PORT ?? 8824);
const BASE = `http://localhost:${PORT}`;
/** Longer than the worker's status cache (5 s) with room for a loaded machine. */
const SWITCH_MS = 30_000;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'flx-e2e-service-mode-'));
  await startStack({ port: PORT, apiPort: PORT + 1, dataDir });
});
test.afterAll(async ({ request }) => {
  await setMode(request, 'normal').catch(() => undefined);
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

async function setMode(request: APIRequestContext, mode: 'normal' | 'maintenance' | 'emergency'): Promise<void> {
  const res = await request.post(`${BASE}/api/dev/service-mode`, { data: { mode } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens `path` until the worker has seen the new mode and the browser ends on `expected`. */
async function expectLandsOn(page: Page, path: string, expected: string): Promise<void> {
  await expect(async () => {
    await page.goto(`${BASE}${path}`);
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe(expected);
  }).toPass({ timeout: SWITCH_MS });
}

test('policy pages run no script at all and may be kept by a CDN', async ({ page, request }) => {
  const res = await request.get(`${BASE}/static/privacy-rules`);
  expect(res.headers()['cache-control']).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400');
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(`${BASE}/static/privacy-rules?locale=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  expect(await page.locator('script').count()).toBe(0);
  expect(scripts).toEqual([]);
});

test('maintenance sends every page to the maintenance page, and back home afterwards', async ({ page, request }) => {
  await setMode(request, 'maintenance');
  await expectLandsOn(page, '/', '/notices/maintenance');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expectLandsOn(page, '/signin?callbackURL=%2Fmy', '/notices/maintenance');
  await expectLandsOn(page, '/static/viewer-rules', '/notices/maintenance');

  await setMode(request, 'normal');
  await expectLandsOn(page, '/notices/maintenance', '/');
});

test('emergency sends a guest to sign-in with the page as callbackURL, and lets a member through', async ({
  page,
  request,
}) => {
  await setMode(request, 'emergency');
  // Not a policy page: those are public and cacheable, so a browser may show its copy without asking.
  await expectLandsOn(page, '/my?from=e2e', `/signin?callbackURL=${encodeURIComponent('/my?from=e2e')}`);
  // The exempt pages stay open to guests.
  await expectLandsOn(page, '/signup', '/signup');
  await expectLandsOn(page, '/member/find/findId', '/member/find/findId');

  const signin = await page.request.post(`${BASE}/v2/api/auth/signin`, {
    data: { loginId: 'viewer01', password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(signin.status(), await signin.text()).toBe(200);
  await page.goto(`${BASE}/?from=e2e`);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/?from=e2e');

  await setMode(request, 'normal');
});
