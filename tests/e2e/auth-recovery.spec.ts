import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { expectAxeClean, freshId, T, useLocale, VIEWPORTS, watchCsp } from './auth-fixtures.ts';

const main = (page: Page) => page.getByRole('main');

async function outboxCode(request: APIRequestContext, digits: string): Promise<string> {
  const { messages } = (await (await request.get(`/api/dev/sms-outbox?phone=${digits}`)).json()) as {
    messages: { code: string }[];
  };
  return messages[0]!.code;
}

/** Verifies a phone through the UI: captcha, send, code from the outbox, confirm. */
async function verifyPhoneInUi(page: Page, l: (typeof T)['ko' | 'en'], national: string) {
  const f = main(page);
  await f.getByRole('combobox', { name: l.countryCode, exact: true }).selectOption('KR');
  await f.getByRole('textbox', { name: l.phone, exact: true }).fill(`0${national}`);
  const captcha = f.getByRole('checkbox', { name: l.captchaLabel, exact: true });
  await captcha.click();
  await expect(captcha).toBeChecked({ timeout: 60_000 });
  await f.getByRole('button', { name: l.send, exact: true }).click();
  await expect(f.getByRole('timer')).toBeVisible();
  await f.getByRole('textbox', { name: l.code, exact: true }).fill(await outboxCode(page.request, national));
  await f.getByRole('button', { name: l.confirmBtn, exact: true }).click();
  await expect(f.getByRole('textbox', { name: l.phone, exact: true })).toBeDisabled();
}

/** A foreigner account with a verified phone, made through the API as a client would. */
async function foreignerWithPhone(request: APIRequestContext, national: string, password: string): Promise<string> {
  const challenge = (await (await request.get('/api/guest/captcha')).json()) as Challenge;
  const deriveKey = challenge.parameters.algorithm.startsWith('PBKDF2') ? pbkdf2 : sha;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captchaToken = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  expect(
    (
      await request.post('/v2/api/auth/signup/send-phone-verification', {
        data: { countryCode: '82', phone: `0${national}`, captchaToken },
      })
    ).status(),
  ).toBe(200);
  const verify = await request.post('/api/auth/signup/verify-phone', {
    data: { countryCode: '82', phone: `0${national}`, code: await outboxCode(request, national) },
  });
  const { phoneVerificationToken } = (await verify.json()) as { phoneVerificationToken: string };
  const loginId = freshId('rst');
  const res = await request.post('/api/auth/signup', {
    data: {
      loginId,
      password,
      passwordConfirm: password,
      name: 'Reset Tester',
      nickname: `r${loginId.slice(-8)}`,
      birthday: '1990-05-05',
      gender: 'M',
      countryCode: '82',
      phone: `0${national}`,
      phoneVerificationToken,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status()).toBe(201);
  return loginId;
}

test.describe('find ID and password', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('finds the ID of a demo account by its phone (ko, 375px)', async ({ page, context }) => {
    test.setTimeout(60_000);
    const csp = watchCsp(page);
    await useLocale(context, 'ko');
    await page.goto('/member/find/findId');
    await expect(main(page).getByRole('button', { name: '아이디 찾기' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByRole('textbox', { name: T.ko.phone, exact: true })).toBeVisible();
    await expectAxeClean(page);
    await verifyPhoneInUi(page, T.ko, '1000000001');
    await main(page).getByRole('button', { name: '아이디 확인하기' }).click();
    await expect(main(page).getByText('회원님의 아이디는 viewer01 입니다.')).toBeVisible();
    expect(csp).toEqual([]);
  });

  test('sets a new password, which then signs in (en, /find)', async ({ page, context, playwright }) => {
    test.setTimeout(90_000);
    const national = `19${String(Date.now()).slice(-8)}`;
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const loginId = await foreignerWithPhone(api, national, 'OldPass123!');
    await api.dispose();
    await useLocale(context, 'en');
    await page.goto('/find');
    await main(page).getByRole('button', { name: 'Find password' }).click();
    await main(page).getByRole('textbox', { name: 'ID', exact: true }).fill(loginId);
    await verifyPhoneInUi(page, T.en, national);
    await main(page).getByRole('button', { name: 'Next' }).click();
    await main(page).getByLabel('New password', { exact: true }).fill('NewPass456!');
    await main(page).getByLabel('Confirm password', { exact: true }).fill('NewPass456!');
    await main(page).getByRole('button', { name: 'Change password' }).click();
    await expect(main(page).getByText('Your password was changed. Log in with the new password.')).toBeVisible();
    const old = await page.request.post('/v2/api/auth/signin', { data: { loginId, password: 'OldPass123!' } });
    expect(old.status()).toBe(401);
    const fresh = await page.request.post('/v2/api/auth/signin', { data: { loginId, password: 'NewPass456!' } });
    expect(fresh.status()).toBe(200);
  });
});

test('identity verification sets PI and unlocks the adult broadcast', async ({ page, context }) => {
  await useLocale(context, 'ko');
  const loginId = freshId('pi');
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `p${loginId.slice(-8)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status()).toBe(201);
  const lives = (await (await page.request.get('/api/lives?limit=100')).json()) as {
    list: { channelId: number; loginId: string }[];
  };
  const adult = lives.list.find((l) => l.loginId === 'adult01')!.channelId;
  const stream = () => page.request.get(`/api/channels/${adult}/stream?option=all`);
  expect((await stream()).status()).not.toBe(200);
  const profile = async () => (await (await page.request.get('/api/my/profile')).json()) as { PI: boolean };
  expect((await profile()).PI).toBe(false);

  await page.goto('/my/personal-auth?callbackURL=%2F%3Fverified%3D1');
  // AGREEMENT first: the start button waits for the agreement.
  await expect(main(page).getByRole('button', { name: '본인인증 하기' })).toBeDisabled();
  await main(page)
    .getByRole('checkbox', { name: /본인인증을 위한 개인정보 수집·이용/ })
    .check();
  await main(page).getByRole('button', { name: '본인인증 하기' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/api/dev/identity/'));
  // The simulator speaks the member's language.
  await page.getByRole('button', { name: '인증 완료' }).click();
  await page.waitForURL((u) => u.search === '?verified=1');
  expect((await profile()).PI).toBe(true);
  expect((await stream()).status()).toBe(200);
});

test('guest verification without a broadcast is an invalid access', async ({ page, context }) => {
  await useLocale(context, 'ko');
  await page.goto('/guest-auth');
  const password = main(page).getByLabel('방송 비밀번호', { exact: true });
  await expect(password).toBeEnabled();
  await expectAxeClean(page);
  await password.fill('secret12');
  await main(page).getByRole('button', { name: '확인', exact: true }).click();
  await expect(main(page).getByRole('alert').filter({ hasText: '잘못된 접근입니다.' })).toBeVisible();
});
