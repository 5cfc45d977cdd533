/** Home's "live from channels you watched" (`GET /api/my/streams/present`). */
import { expect, test } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { channelOf } from './channel-fixtures.ts';

const T = {
  ko: { region: '시청했던 채널의 생방송', empty: '지금 방송 중인, 시청했던 채널이 없어요.' },
  en: { region: 'Live from channels you watched', empty: 'None of the channels you watched is live right now.' },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: after watching a live, home lists that channel among the channels watched that are live now`, async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    const loginId = freshId('hp');
    const res = await page.request.post('/api/auth/signup', {
      data: {
        loginId,
        password: 'Secure12!',
        passwordConfirm: 'Secure12!',
        nickname: `hp${loginId.slice(-7)}`,
        agreeTerms: true,
        agreePrivacy: true,
      },
    });
    expect(res.status()).toBe(201);
    const channelId = await channelOf(page.request, 'bj0001');

    await page.goto('/');
    const region = page.getByRole('region', { name: t.region, exact: true });
    await expect(region.getByText(t.empty)).toBeVisible();

    await page.goto(`/channels/${channelId}/live`);
    // The live page records the view; the API then counts the channel as watched.
    await expect
      .poll(async () =>
        (
          (await (await page.request.get('/api/my/streams/present')).json()) as { list: { channelId: number }[] }
        ).list.map((c) => c.channelId),
      )
      .toContain(channelId);

    await page.goto('/');
    const link = region.getByRole('link', { name: /데모 라이브 방송/ });
    await expect(link).toHaveAttribute('href', `/channels/${channelId}/live`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/channels/${channelId}/live$`));
  });
}
