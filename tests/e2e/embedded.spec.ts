/**
 * The site inside the native app (`?app=embedded`, docs/BRANDS.md "Embedded mode"), in Korean and
 * English: signing in through the page adds the native device fields the app put in its first
 * address (the API keeps them on the session), and a BJ's withdrawal is paid to the fixed account
 * of the embedded mode, not to an account typed on the page.
 */
import { expect, test } from '@playwright/test';
import { T } from './auth-fixtures.ts';
import { channelOf, PASSWORD, signIn } from './channel-fixtures.ts';

test.describe.configure({ mode: 'serial' });

const W = {
  ko: {
    note: '앱에서 신청한 출금은 앱에 등록된 정산 계좌로 지급됩니다.',
    holder: '예금주',
    amount: '출금할 러브',
    submit: '출금 신청',
  },
  en: {
    note: 'Withdrawals made in the app are paid to the payout account the app has on file.',
    holder: 'Account holder',
    amount: 'luv to withdraw',
    submit: 'Request withdrawal',
  },
} as const;

/** The fixed account scripts/e2e-stack.ts configures, as the API shows it (masked). */
const FIXED = { bankCode: '088', bankAccount: '********0400' };

type Withdrawal = { withdrawId: number; amount: number; status: string; bankCode: string; bankAccount: string };

for (const locale of ['ko', 'en'] as const) {
  const w = W[locale];
  const l = T[locale];
  test(`${locale}: sign-in in the app sends the device fields; a withdrawal there goes to the fixed account`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    // A viewer's gift gives the BJ luv to withdraw.
    const channelId = await channelOf(request, 'bj0003');
    await signIn(request, 'viewer02');
    const gift = await request.post('/api/lives/send-luv', {
      headers: { 'Idempotency-Key': `e2e-embedded-${locale}-${Date.now()}` },
      data: { channelId, amount: 1000 },
    });
    expect(gift.status()).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    const deviceId = `e2e-${locale}-${Date.now().toString(36)}`;
    await page.goto(`/?app=embedded&deviceId=${deviceId}&os=android&appVersion=3.2.1&locale=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'embedded');
    // The app's next page has no query: the page keeps what the app said for the visit.
    await page.goto('/signin');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: l.id, exact: true }).fill('bj0003');
    await main.getByLabel(l.password, { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: l.signin, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');

    const sessions = (await (await page.request.get('/api/my/sessions')).json()) as {
      list: { current: boolean; device: string; nativeDevice: unknown }[];
    };
    expect(sessions.list.find((s) => s.current)).toMatchObject({
      device: 'APP',
      nativeDevice: { appType: 'embedded', deviceId, os: 'android', appVersion: '3.2.1' },
    });

    await page.goto('/my/withdraw');
    await expect(page.getByText(w.note, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: w.holder })).toHaveCount(0);
    await page.getByRole('spinbutton', { name: w.amount }).fill('1000');
    await page.getByRole('button', { name: w.submit, exact: true }).click();

    let latest: Withdrawal | undefined;
    await expect
      .poll(async () => {
        const list = (await (await page.request.get('/api/my/luv/withdraw-list?limit=1')).json()) as {
          list: Withdrawal[];
        };
        latest = list.list[0];
        return latest && latest.status === 'pending' && latest.amount === 1000 ? latest : null;
      })
      .toMatchObject(FIXED);
    // Leave the BJ's luv as it was.
    const cancel = await page.request.post('/api/my/luv/withdraw-cancel', {
      headers: { 'Idempotency-Key': `e2e-embedded-cancel-${latest!.withdrawId}` },
      data: { withdrawId: latest!.withdrawId },
    });
    expect(cancel.status()).toBe(200);
    await context.close();
  });
}
