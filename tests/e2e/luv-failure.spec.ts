/**
 * What the shop says when a payment does not go through, through the development payment window
 * (the same site code as PortOne's): a declined payment in Korean, a window closed unpaid and a
 * virtual account (its account and deadline, then a deposit of the wrong amount) in English; and
 * a paid one refunded from the same page (its luv taken back). A failed payment credits nothing,
 * and the page stays within its Content-Security-Policy.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, watchCsp } from './channel-fixtures.ts';

test.describe.configure({ mode: 'serial' });

async function balanceOf(page: Page): Promise<number> {
  const balance = page.getByTestId('luv-balance');
  await expect(balance).toHaveText(/\d/);
  return Number((await balance.innerText()).replace(/\D/g, ''));
}

/** 100 luv by kakaopay from the Korean shop, up to the development payment window. */
async function toPaymentWindow(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /^100 러브/ }).check();
  await page.getByRole('combobox', { name: '결제 수단' }).selectOption('kakaopay');
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page.getByRole('heading', { name: '결제창 (개발용)' })).toBeVisible();
}

test('a declined payment says what happened, in Korean, and credits nothing', async ({ page }) => {
  const csp = watchCsp(page);
  await signIn(page.request, 'viewer02');
  await page.goto('/luv');
  const before = await balanceOf(page);
  await toPaymentWindow(page);
  await page.getByRole('textbox', { name: '사유' }).fill('한도 초과');
  await page.getByRole('button', { name: '결제 실패 처리' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('승인 오류');
  await expect(page.getByTestId('payment-failure')).toHaveText('카드사 또는 은행에서 결제를 승인하지 않았습니다.');
  await expect(page.getByText('결제사 안내: 한도 초과')).toBeVisible();
  expect(await balanceOf(page)).toBe(before);
  expect(csp).toEqual([]);
});

test('an approved payment refunded from the shop: cancelled, said so, and the balance is what it was', async ({
  page,
}) => {
  const csp = watchCsp(page);
  await signIn(page.request, 'viewer02');
  await page.goto('/luv');
  const before = await balanceOf(page);
  await toPaymentWindow(page);
  await page.getByRole('button', { name: '결제하기', exact: true }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('결제 완료');
  const balance = page.getByTestId('luv-balance');
  await expect(balance).toHaveText((before + 100).toLocaleString('ko-KR'));
  // The refund holds the luv, the payment company cancels, the hold settles: one click, one answer.
  await page.getByRole('button', { name: '결제 취소' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('결제 취소');
  await expect(page.getByTestId('payment-failure')).toHaveText(
    '결제를 환불했습니다. 이 결제로 충전한 만큼 러브 잔액에서 차감했습니다.',
  );
  await expect(balance).toHaveText(before.toLocaleString('ko-KR'));
  await expect(page.getByRole('button', { name: '결제 취소' })).toHaveCount(0);
  expect(csp).toEqual([]);
});

test('in English: a window closed unpaid, and a virtual account paid with the wrong amount', async ({ page }) => {
  await signIn(page.request, 'viewer02');
  await page.goto('/luv?locale=en');
  const before = await balanceOf(page);
  await page.getByRole('combobox', { name: 'Payment method' }).selectOption('creditcard');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('button', { name: 'Close the window' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Request in progress');
  await expect(page.getByTestId('payment-failure')).toHaveText('The payment was not completed. Nothing was charged.');

  await page.getByRole('combobox', { name: 'Payment method' }).selectOption('virtualaccount');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('button', { name: 'Issue virtual account' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment in progress');
  const account = page.getByRole('group', { name: 'Virtual account to pay into' });
  await expect(account.getByTestId('va-account')).toHaveText(/^\d{6,}$/);
  await expect(account.getByText('Deposit by')).toBeVisible();
  await page.getByRole('link', { name: 'Open the development payment window' }).click();
  await page.getByRole('textbox', { name: 'Amount (won)' }).fill('1000');
  await page.getByRole('button', { name: 'Deposit another amount' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Wrong deposit');
  await expect(page.getByTestId('payment-failure')).toHaveText(
    'The amount deposited into the virtual account differs from the price, so the deposit goes back. Nothing was ' +
      'added.',
  );
  expect(await balanceOf(page)).toBe(before);
});
