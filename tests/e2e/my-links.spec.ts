/** My page's recent-view and followed-channel entries lead to the channel page by its id (`/channels/{channelId}`). */
import { freshId } from './auth-fixtures.ts';
import { expect, test } from './shell-fixtures.ts';

const TITLES = {
  ko: { recent: '최근 본 방송', follows: '팔로우한 채널' },
  en: { recent: 'Recently watched', follows: 'Followed channels' },
} as const;

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: recent views and followed channels link to /channels/{channelId}`, async ({ page }) => {
    const loginId = freshId('lnk');
    const signup = await page.request.post('/api/auth/signup', {
      data: {
        loginId,
        password: 'Secure12!',
        passwordConfirm: 'Secure12!',
        nickname: `l${loginId.slice(-8)}`,
        agreeTerms: true,
        agreePrivacy: true,
      },
    });
    expect(signup.status()).toBe(201);
    const lives = (await (await page.request.get('/api/lives?limit=100')).json()) as {
      list: { loginId: string; channelId: number; streamId: number }[];
    };
    const live = lives.list.find((l) => l.loginId === 'bj0001')!;
    expect(
      (await page.request.post('/api/my/streams/subscriptions', { data: { channelId: live.channelId } })).status(),
    ).toBe(200);
    expect((await page.request.post('/api/my/streams/played', { data: { streamId: live.streamId } })).status()).toBe(
      200,
    );

    await page.goto(`/my?locale=${locale}`);
    for (const name of [TITLES[locale].recent, TITLES[locale].follows]) {
      const link = page.getByRole('region', { name }).getByRole('link').first();
      await expect(link).toHaveAttribute('href', `/channels/${live.channelId}`);
    }
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/channels/${live.channelId}`),
      page.getByRole('region', { name: TITLES[locale].follows }).getByRole('link').first().click(),
    ]);
    expect(response.status()).toBe(200);
  });
}
