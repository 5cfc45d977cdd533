/**
 * The screens of the remaining §7 calls on a 375 px phone: nothing runs past the edge, axe finds nothing in main, in ko
 * and en.
 */
import { expect, test, type Page } from '@playwright/test';
import { channelOf, expectMainAxeClean, signIn } from './channel-fixtures.ts';

test.use({ viewport: { width: 375, height: 812 } });

async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectMainAxeClean(page);
}

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: rankings, My page's account and invite cards, pending luv, the channel page extras and the emoticon picker fit a phone`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    await signIn(page.request, 'bj0001');
    const channelId = await channelOf(page.request, 'bj0001');

    await page.goto('/my/rankings');
    await expect(page.getByRole('link', { name: '데모BJ', exact: true })).toBeVisible();
    await fits(page);

    await page.goto('/my');
    await expect(page.getByRole('button', { name: locale === 'ko' ? '링크 복사' : 'Copy link' })).toBeEnabled();
    await fits(page);

    await page.goto('/my/luv');
    await expect(page.getByRole('link', { name: locale === 'ko' ? '출금 관리' : 'Manage withdrawals' })).toBeVisible();
    await fits(page);

    await page.goto(`/channels/${channelId}`);
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: locale === 'ko' ? '추천 라이브' : 'Recommended live channels' }),
    ).toBeVisible();
    await fits(page);

    await page.goto(`/channels/${channelId}/live`);
    const toggle = page.getByRole('button', { name: locale === 'ko' ? '이모티콘' : 'Emoji', exact: true });
    await expect(toggle).toBeEnabled();
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('group', { name: locale === 'ko' ? '이모티콘 선택' : 'Choose an emoji' });
    await expect(panel.getByRole('button', { name: '하트', exact: true }).first()).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
