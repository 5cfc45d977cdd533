/** The payment history explains a declined payment through `GET /v2/api/guest/payment-failure`. */
import { expect, test } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';

const T = {
  ko: {
    product: /^100 러브/,
    method: '결제 수단',
    pay: '결제하기',
    history: '결제 내역',
    why: '실패 사유',
    said: '카드사 또는 은행에서 결제를 승인하지 않았습니다. 결제사 안내: 한도 초과',
  },
  en: {
    product: /^100 luv/,
    method: 'Payment method',
    pay: 'Pay',
    history: 'Payment history',
    why: 'Why it failed',
    said: 'The card company or bank did not approve the payment. From the payment company: 한도 초과',
  },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: a declined payment in the history says why, in the page's language, as the API does`, async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    const loginId = freshId('pf');
    const res = await page.request.post('/api/auth/signup', {
      data: {
        loginId,
        password: 'Secure12!',
        passwordConfirm: 'Secure12!',
        nickname: `pf${loginId.slice(-7)}`,
        agreeTerms: true,
        agreePrivacy: true,
      },
    });
    expect(res.status()).toBe(201);

    await page.goto('/luv');
    // The shop has read the member (hydrated): a choice made before that is the server-rendered form's.
    await expect(page.getByTestId('luv-balance')).toHaveText(/\d/);
    await page.getByRole('radio', { name: t.product }).check();
    await page.getByRole('combobox', { name: t.method }).selectOption('kakaopay');
    await page.getByRole('button', { name: t.pay, exact: true }).click();
    await page.getByRole('textbox', { name: locale === 'ko' ? '사유' : 'Reason' }).fill('한도 초과');
    await page.getByRole('button', { name: locale === 'ko' ? '결제 실패 처리' : 'Fail the payment' }).click();
    await expect(page.getByTestId('payment-failure')).toBeVisible();

    const payments = (await (await page.request.get('/api/shoppings/flax/payments')).json()) as {
      list: { paymentId: string }[];
    };
    const { paymentId } = payments.list[0]!;
    const api = (await (await page.request.get(`/v2/api/guest/payment-failure?paymentId=${paymentId}`)).json()) as {
      failureCode: string;
      failureNote: string;
    };
    expect(api).toMatchObject({ failureCode: 'pg_failed', failureNote: '한도 초과' });

    await page.goto('/my/luv');
    const history = page.getByRole('region', { name: t.history });
    const why = history.getByRole('button', { name: t.why });
    await why.click();
    await expect(why).toHaveAttribute('aria-expanded', 'true');
    await expect(history.getByRole('status')).toHaveText(t.said);
    await why.press('Enter');
    await expect(why).toHaveAttribute('aria-expanded', 'false');
  });
}
