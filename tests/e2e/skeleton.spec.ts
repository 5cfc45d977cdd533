import { expect, test } from '@playwright/test';

test.describe('pages through the worker', () => {
  test('home of the main brand in Korean, with no CSP violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FLX TV에 오신 것을 환영합니다');
    await expect(page.getByRole('link', { name: 'FLX TV 로고' })).toHaveAttribute('href', '/');
    expect(violations).toEqual([]);
  });

  test('brand by host and locale by ?locale=, kept in the cookie', async ({ page, baseURL }) => {
    const hearheart = baseURL!.replace('localhost', 'hearheart.localhost');
    await page.goto(`${hearheart}/?locale=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to HearHeart');
    await page.goto(`${hearheart}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('img', { name: 'HearHeart logo' })).toBeVisible();
  });

  test('unknown page answers the brand 404 page', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다');
  });

  test('API reached through the worker reports its database', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});
