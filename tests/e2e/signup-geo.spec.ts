/**
 * The foreigner form starts its country code on the caller's country (`GET /api/auth/geo-ip`, from the edge's
 * cf-ipcountry).
 */
import { expect, test } from '@playwright/test';

const T = { ko: '국가번호', en: 'Country code' } as const;

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: the country code starts on the visitor's country, the rest still listed`, async ({ page }) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    const geo = (await (await page.request.get('/api/auth/geo-ip')).json()) as { countryCode: string };
    const countries = (await (await page.request.get(`/api/guest/countries?locale=${locale}`)).json()) as {
      countries: { iso: string; phoneCode: string }[];
    };
    const mine = countries.countries.find((c) => c.iso === geo.countryCode);
    expect(mine, `${geo.countryCode} is in the list`).toBeTruthy();

    await page.goto('/signup/foreigner');
    const select = page.getByRole('main').getByRole('combobox', { name: T[locale], exact: true });
    // Each country is its own option (calling codes repeat): the value is the country, its code shown in the label.
    await expect(select).toHaveValue(mine!.iso);
    await expect(select.getByRole('option')).toHaveCount(countries.countries.length);
    await select.selectOption('US');
    await expect(select).toHaveValue('US');
  });
}
