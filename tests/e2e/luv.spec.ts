/**
 * Money end to end, in Korean: buy luv through the development payment window (the page calls
 * PortOne's browser SDK, whose window is the simulator's page here), gift it to the live BJ, the BJ
 * sees it in the received list, registers a payout account, withdraws and cancels.
 */
import { expect, test } from '@playwright/test';
import { channelOf, chatList, expectMainAxeClean, openLive, signIn, watchCsp } from './channel-fixtures.ts';

test.describe.configure({ mode: 'serial' });

test('buy luv, gift it, see it received, withdraw and cancel', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0001');

  const viewer = await browser.newContext();
  const page = await viewer.newPage();
  await signIn(page.request, 'viewer01');
  await page.goto('/luv');
  const balance = page.getByTestId('luv-balance');
  await expect(balance).toHaveText(/\d/);
  const before = Number((await balance.innerText()).replace(/\D/g, ''));
  await page.getByRole('radio', { name: /^100 러브/ }).check();
  await page.getByRole('combobox', { name: '결제 수단' }).selectOption('kakaopay');
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page.getByRole('heading', { name: '결제창 (개발용)' })).toBeVisible();
  await expect(page.getByText('11,000원')).toBeVisible();
  await page.getByRole('button', { name: '결제하기', exact: true }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('결제 완료');
  // Back from the window, the address no longer carries PortOne's result.
  await expect(page).toHaveURL(/\/luv$/);
  await expect(balance).toHaveText((before + 100).toLocaleString('ko-KR'));

  // Another viewer (a guest) watches the live: the gift shows in their chat.
  const watcher = await openLive(browser, null, channelId);
  await expect(watcher.page.getByText('채팅 연결됨')).toBeVisible();
  // The room's recent gifts come with the join (other tests may have sent the same gift): this one adds one line.
  const announced = chatList(watcher.page).getByText('시청자01님이 러브 1,000개를 선물했습니다.');
  const earlier = await announced.count();

  // The gift, as the channel's gift dialog sends it: once per Idempotency-Key, however often it is retried.
  const gift = () =>
    page.request.post('/api/lives/send-luv', {
      headers: { 'Idempotency-Key': `e2e-${channelId}-${before}` },
      data: { channelId, amount: 1000, message: 'e2e 선물' },
    });
  const first = await gift();
  expect(first.status()).toBe(200);
  expect(await (await gift()).json()).toEqual(await first.json());
  await expect(announced).toHaveCount(earlier + 1);
  await watcher.context.close();
  await page.goto('/my/luv');
  await expect(page.getByTestId('luv-balance')).toHaveText((before + 100 - 1000).toLocaleString('ko-KR'));
  await viewer.close();

  const bj = await browser.newContext();
  const bjPage = await bj.newPage();
  await signIn(bjPage.request, 'bj0001');
  await bjPage.goto('/my/luv');
  const received = bjPage.getByRole('region', { name: '받은 러브' });
  await expect(received.getByText('e2e 선물').first()).toBeVisible();

  await bjPage.goto('/my/withdraw');
  await bjPage.getByRole('textbox', { name: '예금주' }).fill('데모BJ');
  await bjPage.getByRole('textbox', { name: '계좌번호' }).fill('123456789012');
  await bjPage.getByRole('textbox', { name: '휴대폰 번호' }).fill('01012345678');
  await bjPage.getByRole('button', { name: '계좌 저장' }).click();
  await expect(bjPage.getByText('출금 계좌를 저장했습니다. (********9012)')).toBeVisible();
  const pending = bjPage.getByTestId('pending-luv');
  await expect(pending).toHaveText(/\d/);
  const pendingBefore = Number((await pending.innerText()).replace(/\D/g, ''));
  await bjPage.getByRole('spinbutton', { name: '출금할 러브' }).fill('1000');
  await expect(bjPage.getByTestId('net-won')).toHaveText('67,690 원');
  await bjPage.getByRole('button', { name: '출금 신청' }).click();
  await expect(pending).toHaveText((pendingBefore + 1000).toLocaleString('ko-KR'));
  await bjPage.getByRole('button', { name: '1,000 러브 출금 취소' }).first().click();
  await expect(pending).toHaveText(pendingBefore.toLocaleString('ko-KR'));
  await expect(bjPage.getByText('출금 취소 ·').first()).toBeVisible();
  await bj.close();
});

test('the luv pages are accessible and CSP-clean, in Korean and English', async ({ browser }) => {
  // Eleven page loads, ten of them with an axe scan: 15 s on a quiet machine, past 30 s on a busy one.
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const csp = watchCsp(page);
  await signIn(page.request, 'bj0001');
  for (const [locale, heading] of [
    ['ko', '러브 충전'],
    ['en', 'Buy luv'],
  ] as const) {
    await page.goto(`/luv?locale=${locale}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('radio').first()).toBeVisible();
    await expectMainAxeClean(page);
    for (const path of ['/my/luv', '/my/items', '/my/subscriptions', '/my/withdraw']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectMainAxeClean(page);
    }
  }
  await page.goto('/my/luv');
  await expect(page.getByRole('img', { name: /luv received over the last 30 days/ })).toBeVisible();
  expect(csp).toEqual([]);
  await context.close();
});
