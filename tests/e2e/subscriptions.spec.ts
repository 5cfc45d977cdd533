import { expect, test, type Browser } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { channelOf, signIn } from './channel-fixtures.ts';

/** A new member in a fresh context, on the channel page of bj0001, in `locale`. */
async function newMemberOnChannel(browser: Browser, locale: 'ko' | 'en', channelId: number) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const loginId = freshId('sb');
  const nickname = `sb${loginId.slice(-7)}`;
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
  await page.goto(`/channels/${channelId}`);
  return { context, page, loginId, nickname };
}

async function subscriptionOf(request: import('@playwright/test').APIRequestContext, channelId: number) {
  const body = (await (await request.get('/api/my/subscriptions')).json()) as {
    list: { channelId: number; status: number; plan: string; priceWon: number }[];
  };
  return body.list.find((s) => s.channelId === channelId);
}

test('ko: a member registers a card, subscribes monthly, sees the state, cancels renewal (5); the BJ lists them', async ({
  browser,
  page: bjPage,
}) => {
  const channelId = await channelOf(bjPage.request, 'bj0001');
  const { context, page, nickname } = await newMemberOnChannel(browser, 'ko', channelId);
  const count = async () =>
    Number(/구독자 (\d+)명/.exec((await page.getByText(/구독자 \d+명/).textContent()) ?? '')?.[1]);
  const before = await count();

  await page.getByRole('button', { name: '구독', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '데모BJ 구독하기' });
  await expect(dialog.getByRole('radio', { name: '정기 구독 (매월) · 3,300원' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '3개월 · 9,900원' })).toBeVisible();
  await expect(dialog.getByText('결제할 카드를 먼저 등록합니다.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: '카드 등록하고 구독' }).click();

  // The development stand-in of PortOne's card window, then back to the channel page.
  await page.getByRole('button', { name: /^(카드 등록하기|Register the card)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/channels/${channelId}$`));
  await expect(page.getByRole('dialog').getByText(/구독이 시작되었습니다\. .+까지 구독합니다\./)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '닫기' }).click();

  await expect(page.getByRole('status').filter({ hasText: /까지 구독 중 · 자동 갱신 켜짐/ })).toBeVisible();
  // At least this member more (the en test may subscribe another member to the same channel meanwhile).
  await expect.poll(count).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByRole('button', { name: '구독', exact: true })).toHaveCount(0);
  expect(await subscriptionOf(page.request, channelId)).toMatchObject({ status: 1, plan: 'monthly', priceWon: 3300 });

  await page.getByRole('button', { name: '자동 갱신 해지' }).click();
  await expect(page.getByRole('status').filter({ hasText: /까지 구독 중 · 자동 갱신 꺼짐/ })).toBeVisible();
  expect(await subscriptionOf(page.request, channelId)).toMatchObject({ status: 5 });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /자동 갱신 꺼짐/ })).toBeVisible();

  await page.goto('/my/subscriptions');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: '데모BJ' }) });
  await expect(row).toContainText('자동 갱신 해지');
  await expect(row).toContainText('3,300원');
  await context.close();

  await signIn(bjPage.request, 'bj0001');
  await bjPage.goto('/my/channel');
  const section = bjPage.getByRole('region', { name: '구독자' });
  await expect(section.getByRole('listitem').filter({ hasText: nickname })).toContainText('자동 갱신 해지');
});

test('en: a member subscribes for 3 months; the page shows the state without renewal, the API and the BJ agree', async ({
  browser,
  page: bjPage,
}) => {
  const channelId = await channelOf(bjPage.request, 'bj0001');
  const { context, page, nickname } = await newMemberOnChannel(browser, 'en', channelId);

  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to 데모BJ' });
  await dialog.getByRole('radio', { name: '3 months · 9,900 won' }).check();
  await expect(dialog.getByText('You will register a card first', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Register a card and subscribe' }).click();
  await page.getByRole('button', { name: /^(카드 등록하기|Register the card)$/ }).click();
  await expect(page.getByRole('dialog').getByText(/You are subscribed until .+\./)).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(page.getByRole('status').filter({ hasText: /Subscribed until .+ · Renewal off/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel renewal' })).toHaveCount(0);
  expect(await subscriptionOf(page.request, channelId)).toMatchObject({ status: 1, plan: '3months', priceWon: 9900 });

  await page.goto('/my/subscriptions');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: '데모BJ' }) })).toContainText(
    'Subscribed',
  );
  await context.close();

  await bjPage.context().addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await signIn(bjPage.request, 'bj0001');
  await bjPage.goto('/my/channel');
  const row = bjPage.getByRole('region', { name: 'Subscribers' }).getByRole('listitem').filter({ hasText: nickname });
  await expect(row).toContainText('3 months');
  await expect(row).toContainText('Subscribed');
});
