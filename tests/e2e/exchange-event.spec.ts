/**
 * The exchange event (docs/LEDGER.md): a BJ finds it from My luv, reads the rate, the total and
 * what has been applied, applies with an amount and sees the application, in Korean and English;
 * a brand without the event has no page, no link, and an API that refuses before anything happens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { channelOf, expectMainAxeClean, signIn } from './channel-fixtures.ts';

// The event's "applied so far" is one figure for every BJ: the tests read it one after another.
test.describe.configure({ mode: 'serial' });

type Application = { withdrawId: number; amount: number; status: string };
const appliedNow = async (request: APIRequestContext) =>
  ((await (await request.get('/api/my/luv/exchange/amount/now')).json()) as { luv: number }).luv;
const applications = async (request: APIRequestContext) =>
  ((await (await request.get('/api/my/luv/exchange/status')).json()) as { list: Application[] }).list;

/** bj0001 with a payout account on file and at least `luv` received to exchange (a gift from viewer01). */
async function bjReadyToExchange(page: Page, request: APIRequestContext, luv: number) {
  const channelId = await channelOf(request, 'bj0001');
  await signIn(request, 'viewer01');
  const gift = await request.post('/api/lives/send-luv', {
    headers: { 'Idempotency-Key': `exchange-e2e-${crypto.randomUUID()}` },
    data: { channelId, amount: luv, message: '' },
  });
  expect(gift.status()).toBe(200);
  await signIn(page.request, 'bj0001');
  const saved = await page.request.post('/api/cs/accountChange', {
    data: { phone: '01012345678', bankCode: '004', bankHolderName: '데모BJ', bankAccount: '123456789012' },
  });
  expect(saved.status()).toBe(200);
}

test('ko: a BJ opens the event from My luv, applies 1,000 luv, and the API lists the application', async ({
  page,
  request,
}) => {
  await bjReadyToExchange(page, request, 1000);
  const now0 = await appliedNow(page.request);

  await page.goto('/my/luv');
  await page.getByRole('navigation').getByRole('link', { name: '러브 교환 이벤트' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '러브 교환 이벤트' })).toBeVisible();
  const status = page.getByRole('region', { name: '이벤트 현황' });
  await expect(status.getByTestId('exchange-rate')).toHaveText('1 러브당 110원');
  await expect(status.getByTestId('exchange-total')).toHaveText('5,000,000 러브');
  await expect(status.getByTestId('exchange-now')).toHaveText(`${now0.toLocaleString('ko-KR')} 러브`);

  const form = page.getByRole('form', { name: '교환 신청' });
  await expect(form.getByText('최소 신청 금액은 1,000 러브입니다.')).toBeVisible();
  await expect(form.getByRole('button', { name: '신청하기' })).toBeDisabled();
  await form.getByRole('spinbutton', { name: '교환할 러브' }).fill('1000');
  await expect(form.getByText('예상 금액 110,000원 (수수료와 세금 공제 전)')).toBeVisible();
  await form.getByRole('spinbutton', { name: '교환할 러브' }).press('Enter');
  await expect(form.getByRole('status')).toHaveText('1,000 러브 교환을 신청했습니다.');
  await expect(status.getByTestId('exchange-now')).not.toHaveText(`${now0.toLocaleString('ko-KR')} 러브`);

  const list = page.getByRole('region', { name: '내 신청 내역' });
  await expect(list.getByRole('listitem').first()).toContainText('1,000 러브');
  await expect(list.getByRole('listitem').first()).toContainText('출금 대기');
  const [latest] = await applications(page.request);
  expect(latest).toMatchObject({ amount: 1000, status: 'pending' });
  await expectMainAxeClean(page);
  expect(await appliedNow(page.request)).toBeGreaterThanOrEqual(now0 + 1000);
});

test('en on a 375 px phone: the page reads in English, refuses more than received, and applies', async ({
  page,
  request,
  context,
}) => {
  await bjReadyToExchange(page, request, 1000);
  await context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await page.setViewportSize({ width: 375, height: 740 });
  const before = (await applications(page.request)).length;

  await page.goto('/my/withdraw');
  await page.getByRole('link', { name: 'Join the luv exchange event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The luv exchange event' })).toBeVisible();
  await expect(page.getByTestId('exchange-rate')).toHaveText('110 won per luv');
  const form = page.getByRole('form', { name: 'Apply to exchange' });
  await expect(form.getByTestId('exchange-received')).toHaveText(/\d/);
  const received = Number((await form.getByTestId('exchange-received').innerText()).replace(/\D/g, ''));

  await form.getByRole('spinbutton', { name: 'luv to exchange' }).fill(String(received + 1000));
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'You have not received that much luv to withdraw. Enter a smaller amount.',
  );
  expect((await applications(page.request)).length).toBe(before);

  await form.getByRole('spinbutton', { name: 'luv to exchange' }).fill('1000');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('status')).toHaveText('You applied to exchange 1,000 luv.');
  await expect(page.getByRole('region', { name: 'Your applications' }).getByRole('listitem').first()).toContainText(
    'Waiting',
  );
  expect((await applications(page.request))[0]).toMatchObject({ amount: 1000, status: 'pending' });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

/** A call from the page (the browser resolves `*.localhost`; Node's request context does not). */
const call = (
  page: Page,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { path, init },
  );

test('a partner brand has no exchange event: no link, the page is 404, the API answers 403 in the caller’s language', async ({
  page,
  baseURL,
}) => {
  const onion = baseURL!.replace('localhost', 'onion.localhost');
  await signIn(page.request, 'bj0001');
  const now0 = await appliedNow(page.request);
  await page.context().addCookies([{ name: 'locale', value: 'ko', url: onion }]);
  await page.goto(`${onion}/`);
  // Cookies are host-only on localhost: sign in on the partner host too.
  const signin = await call(page, '/v2/api/auth/signin', {
    method: 'POST',
    body: { loginId: 'bj0001', password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(signin.status).toBe(200);

  await page.goto(`${onion}/my/luv`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /교환 이벤트/ })).toHaveCount(0);
  await page.goto(`${onion}/my/withdraw`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /교환 이벤트/ })).toHaveCount(0);
  const missing = await page.goto(`${onion}/my/exchange`);
  expect(missing?.status()).toBe(404);

  const ko = await call(page, '/api/my/luv/exchange/apply', {
    method: 'POST',
    body: { amount: 1000 },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(ko).toMatchObject({
    status: 403,
    body: { error: 'feature_unavailable', error_msg: '이 서비스에서는 제공하지 않는 기능입니다.' },
  });
  await page.context().addCookies([{ name: 'locale', value: 'en', url: onion }]);
  const en = await call(page, '/api/my/luv/exchange/rate');
  expect(en).toMatchObject({
    status: 403,
    body: { error: 'feature_unavailable', error_msg: 'This feature is not offered on this service.' },
  });
  expect(await appliedNow(page.request)).toBe(now0);
});
