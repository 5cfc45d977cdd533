/** Find password checks the ID (`GET /api/guest/find-loginId/{id}`) before the visitor spends an SMS on it. */
import { expect, test } from '@playwright/test';

const T = {
  ko: { tab: '비밀번호 찾기', id: '아이디', unknown: '가입되지 않은 아이디입니다. 아이디를 다시 확인해 주세요.' },
  en: { tab: 'Find password', id: 'ID', unknown: 'No account has this ID. Check the ID.' },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: an unknown ID is named on leaving the field; a known one is not`, async ({ page }) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    const unknown = `nobody${Date.now().toString(36)}`;
    expect(await (await page.request.get(`/api/guest/find-loginId/${unknown}`)).json()).toEqual({ result: 'notfound' });
    expect(await (await page.request.get('/api/guest/find-loginId/viewer01')).json()).toEqual({ result: 'exists' });

    await page.goto('/find');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: t.tab }).click();
    const id = main.getByRole('textbox', { name: t.id, exact: true });
    await id.fill(unknown);
    await id.press('Tab');
    await expect(main.getByRole('alert').filter({ hasText: t.unknown })).toBeVisible();
    await expect(id).toHaveAttribute('aria-invalid', 'true');

    await id.fill('viewer01');
    await expect(main.getByText(t.unknown)).toHaveCount(0);
    await id.press('Tab');
    await expect(id).not.toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByText(t.unknown)).toHaveCount(0);
  });
}
