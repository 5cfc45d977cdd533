/**
 * ja and zh are resources loaded on demand (SPEC §1): a Japanese or Chinese browser on a Korean
 * page gets a note in its language with a way to English; nobody else fetches those files.
 */
import type { Page, Request } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test } from './shell-fixtures.ts';

const RESOURCE = /\/_astro\/(ja|zh)\.[\w-]+\.js$/;

function resourceRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const m = RESOURCE.exec(new URL(r.url()).pathname);
    if (m) seen.push(m[1]!);
  });
  return seen;
}

test.describe('a Japanese browser', () => {
  test.use({ locale: 'ja-JP' });

  test('reads on a Korean page, in Japanese, that the service is in Korean and English, and switches to English', async ({
    page,
    context,
  }) => {
    const fetched = resourceRequests(page);
    await page.goto('/');
    const note = page.getByRole('complementary', { name: '言語のご案内' });
    await expect(note).toContainText('このサービスは韓国語と英語でご利用いただけます。');
    expect(fetched).toEqual(['ja']);
    await expectNoSeriousAxeViolations(page);

    await note.getByRole('link', { name: '英語で表示する' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: '言語のご案内' })).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('en');
    // The switcher (under the header's menu) still offers Korean and English only.
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    const switcher = page.getByRole('menu', { name: 'More' }).getByRole('group', { name: 'Language' });
    await expect(switcher.getByRole('menuitemradio')).toHaveText(['한국어', 'English']);
  });
});

test.describe('a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('closes the note in Chinese and does not see it again', async ({ page }) => {
    await page.goto('/');
    const note = page.getByRole('complementary', { name: '语言提示' });
    await expect(note).toContainText('本服务提供韩语和英语两种语言版本。');
    await note.getByRole('button', { name: '关闭' }).click();
    await expect(note).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('flx_language_notice'))).toBe('1');
    const fetched = resourceRequests(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: '语言提示' })).toHaveCount(0);
    expect(fetched).toEqual([]);
  });
});

for (const locale of ['ko-KR', 'en-US']) {
  test.describe(`a ${locale} browser`, () => {
    test.use({ locale });

    test('sees no note and fetches neither resource, on the Korean and the English page', async ({ page }) => {
      const fetched = resourceRequests(page);
      for (const path of ['/?locale=ko', '/?locale=en']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.language-notice')).toHaveCount(0);
      }
      expect(fetched).toEqual([]);
    });
  });
}
