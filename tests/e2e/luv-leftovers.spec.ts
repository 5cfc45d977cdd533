import { expect, test } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { signIn } from './channel-fixtures.ts';

const GENERIC = '처리하지 못했습니다. 잠시 후 다시 시도해 주세요.';

test('ko: an unknown and a used coupon say what happened (the API’s catalogue text), not the generic failure', async ({
  page,
}) => {
  const loginId = freshId('cp');
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `cp${loginId.slice(-7)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status()).toBe(201);
  // Spent once (by this member or an earlier one): the page then meets a used coupon.
  await page.request.post('/api/shoppings/useCoupon', {
    data: { couponNumber: 'WELCOME-3000' },
    headers: { 'Idempotency-Key': `e2e-${loginId}` },
  });

  await page.goto('/luv');
  const coupon = page.getByRole('form', { name: '쿠폰 사용' });
  // Typed before the island hydrates, the number would be dropped: type until the button takes it.
  await expect(async () => {
    await coupon.getByRole('textbox', { name: '쿠폰 번호' }).fill('NOPE-12345');
    await expect(coupon.getByRole('button', { name: '쿠폰 사용' })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await coupon.getByRole('button', { name: '쿠폰 사용' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '등록되지 않은 쿠폰 번호입니다. 번호를 다시 확인해 주세요.' }),
  ).toBeVisible();

  await coupon.getByRole('textbox', { name: '쿠폰 번호' }).fill('WELCOME-3000');
  await coupon.getByRole('button', { name: '쿠폰 사용' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '이미 사용했거나 사용 기간이 지난 쿠폰입니다.' }),
  ).toBeVisible();
  await expect(page.getByText(GENERIC)).toHaveCount(0);
});

test('the withdrawal page shows the payout account on file and keeps its bank and holder (ko, en)', async ({
  page,
  context,
}) => {
  await signIn(page.request, 'bj0001');
  const saved = await page.request.post('/api/cs/accountChange', {
    data: { phone: '01012345678', bankCode: '004', bankHolderName: '데모BJ', bankAccount: '123456789012' },
  });
  expect(saved.status()).toBe(200);
  const banks = (await (await page.request.get('/api/my/banks')).json()) as {
    list: { bankCode: string; name: string; nameEn: string }[];
  };
  const bank = banks.list.find((b) => b.bankCode === '004')!;

  await page.goto('/my/withdraw');
  await expect(page.getByTestId('payout-account')).toHaveText(`등록된 계좌: ${bank.name} ********9012 (예금주 데모BJ)`);
  await expect(page.getByRole('combobox', { name: '은행' })).toHaveValue('004');
  await expect(page.getByRole('textbox', { name: '예금주' })).toHaveValue('데모BJ');

  await context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await page.goto('/my/withdraw');
  await expect(page.getByTestId('payout-account')).toHaveText(
    `Account on file: ${bank.nameEn} ********9012 (holder 데모BJ)`,
  );
  await expect(page.getByRole('combobox', { name: 'Bank' })).toHaveValue('004');
});
