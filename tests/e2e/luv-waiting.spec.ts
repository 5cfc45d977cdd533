/**
 * Pending luv on My luv page (`GET /api/my/luv/waiting`): adult01 (identity-verified, owns a channel)
 * receives luv from viewer02 and asks for a withdrawal, so the demo BJ's figures that luv.spec
 * reads stay untouched. Serial: both locales read adult01's total.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { channelOf, signIn } from './channel-fixtures.ts';

test.describe.configure({ mode: 'serial' });

async function waiting(request: APIRequestContext) {
  return (await (await request.get('/api/my/luv/waiting')).json()) as {
    list: { withdrawId: number; amount: number }[];
    luv: number;
  };
}

const T = {
  ko: {
    region: '출금 대기 러브',
    total: (n: string) => `합계 ${n} 러브`,
    manage: '출금 관리',
    cancel: '1,000 러브 출금 취소',
    empty: '대기 중인 출금 신청이 없어요.',
  },
  en: {
    region: 'luv waiting to be paid',
    total: (n: string) => `total ${n} luv`,
    manage: 'Manage withdrawals',
    cancel: 'Cancel the withdrawal of 1,000 luv',
    empty: 'No withdrawal is waiting to be paid.',
  },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: a BJ sees the luv held by a waiting withdrawal on My luv page, and it leaves once cancelled`, async ({
    browser,
    page,
  }) => {
    const channelId = await channelOf(page.request, 'adult01');
    const viewer = await browser.newContext();
    await signIn(viewer.request, 'viewer02');
    const gift = await viewer.request.post('/api/lives/send-luv', {
      headers: { 'Idempotency-Key': `waiting-${locale}-${Date.now()}` },
      data: { channelId, amount: 1000, message: `pending ${locale}` },
    });
    expect(gift.status(), await gift.text()).toBe(200);
    await viewer.close();

    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    await signIn(page.request, 'adult01');
    const account = await page.request.post('/api/cs/accountChange', {
      data: { phone: '01012345678', bankCode: '004', bankHolderName: '성인인증01', bankAccount: '123456789012' },
    });
    expect(account.status(), await account.text()).toBe(200);
    const before = await waiting(page.request);
    const asked = await page.request.post('/api/my/luv/withdraw', {
      headers: { 'Idempotency-Key': `waiting-w-${locale}-${Date.now()}` },
      data: { amount: 1000 },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    const after = await waiting(page.request);
    expect(after.luv).toBe(before.luv + 1000);

    await page.goto('/my/luv');
    const region = page.getByRole('region', { name: t.region });
    await expect(region.getByTestId('waiting-luv')).toContainText(
      t.total(after.luv.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US')),
    );
    await expect(region.getByRole('listitem')).toHaveCount(after.list.length);

    await region.getByRole('link', { name: t.manage }).click();
    await expect(page).toHaveURL(/\/my\/withdraw$/);
    await page.getByRole('button', { name: t.cancel }).first().click();
    await expect.poll(async () => (await waiting(page.request)).luv).toBe(after.luv - 1000);

    await page.goto('/my/luv');
    const left = await waiting(page.request);
    if (left.luv === 0) await expect(region.getByText(t.empty)).toBeVisible();
    else
      await expect(region.getByTestId('waiting-luv')).toContainText(
        t.total(left.luv.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US')),
      );
  });
}
