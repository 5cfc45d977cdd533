import { expect, test } from '@playwright/test';
import { signIn } from './channel-fixtures.ts';

interface Rankings {
  list: { rank: number; nickname: string; followers: number }[];
  me: { rank: number; followers: number } | null;
}

for (const [locale, t] of [
  ['ko', { link: '랭킹', heading: '채널 랭킹', list: '팔로워 순위', me: (r: number) => `내 채널은 ${r}위예요` }],
  [
    'en',
    { link: 'Rankings', heading: 'Channel rankings', list: 'By followers', me: (r: number) => `Your channel is #${r}` },
  ],
] as const) {
  test(`${locale}: a BJ opens the rankings from My page and sees the API's order and their own rank`, async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    await signIn(page.request, 'bj0001');
    const api = (await (await page.request.get('/api/my/rankings?limit=10')).json()) as Rankings;
    expect(api.me).not.toBeNull();

    await page.goto('/my');
    await page.getByRole('link', { name: t.link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: t.me(api.me!.rank) })).toBeVisible();

    const items = page.getByRole('region', { name: t.list }).getByRole('listitem');
    await expect(items).toHaveCount(api.list.length);
    for (const [i, row] of api.list.entries()) await expect(items.nth(i).getByRole('link')).toHaveText(row.nickname);
  });
}
