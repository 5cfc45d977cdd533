/**
 * Identity verification in a popup (SPEC §2 /my/personal-auth, §3 steps AGREEMENT, IDENTIFIATION,
 * COMPLELTE): a member who must verify before watching an adult live verifies in the popup (the
 * development simulator, in their language) and the broadcast then plays on the page they never
 * left. Sign-up from an adult broadcast sends `adultValue`; the main brand's button offers the reward.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshId, T, useLocale } from './auth-fixtures.ts';
import { channelOf } from './channel-fixtures.ts';

const TEXT = {
  ko: {
    verify: '본인인증 하기',
    steps: '본인인증 단계',
    agreement: '약관 동의',
    identification: '본인 확인',
    agree: /본인인증을 위한 개인정보 수집·이용/,
    simulator: '인증 완료',
    badge: /개발용 시뮬레이터/,
  },
  en: {
    verify: 'Verify identity',
    steps: 'Verification steps',
    agreement: 'Agreement',
    identification: 'Identification',
    agree: /I agree to the collection and use of my personal information/,
    simulator: 'Complete verification',
    badge: /Development simulator/,
  },
} as const;

async function signUpByApi(page: Page, prefix: string): Promise<string> {
  const loginId = freshId(prefix);
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `${prefix}${loginId.slice(-7)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status()).toBe(201);
  return loginId;
}

for (const locale of ['ko', 'en'] as const) {
  const l = TEXT[locale];

  test(`${locale}: an adult live asks for verification in a popup, then plays on the same page`, async ({
    page,
    context,
  }) => {
    await useLocale(context, locale);
    await signUpByApi(page, 'pop');
    const channelId = await channelOf(page.request, 'adult01');
    const stream = () => page.request.get(`/api/channels/${channelId}/stream?option=all`);
    expect((await stream()).status()).not.toBe(200);

    await page.goto(`/channels/${channelId}/live`);
    const notice = page.getByRole('note').filter({ has: page.getByRole('link', { name: l.verify }) });
    await expect(notice).toBeVisible();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      notice.getByRole('link', { name: l.verify }).click(),
    ]);
    // The page the member asked from stays where it was.
    expect(new URL(page.url()).pathname).toBe(`/channels/${channelId}/live`);

    // AGREEMENT: the steps are named, the first is current; starting needs the agreement.
    await popup.waitForURL((u) => u.pathname === '/my/personal-auth');
    const steps = popup.getByRole('list', { name: l.steps });
    await expect(steps.getByRole('listitem').first()).toHaveText(new RegExp(l.agreement));
    await expect(steps.locator('[aria-current="step"]')).toHaveText(new RegExp(l.agreement));
    const start = popup.getByRole('main').getByRole('button', { name: l.verify });
    await expect(start).toBeDisabled();
    await popup.getByRole('checkbox', { name: l.agree }).check();
    await start.click();

    // IDENTIFIATION: the provider (the development simulator, styled and in the member's language).
    await popup.waitForURL((u) => u.pathname.startsWith('/api/dev/identity/'));
    await expect(popup.locator('html')).toHaveAttribute('lang', locale);
    await expect(popup.getByText(l.badge)).toBeVisible();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: l.simulator }).click();
    // COMPLELTE: the popup tells the page and closes itself.
    await closed;

    // The pending action ran: the live loads in place, and the API agrees the member is verified.
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/channels/${channelId}/live`);
    expect(((await (await page.request.get('/api/my/profile')).json()) as { PI: boolean }).PI).toBe(true);
    expect((await stream()).status()).toBe(200);
  });

  test(`${locale}: signing up from an adult live sends adultValue and offers the verification reward`, async ({
    page,
    context,
  }) => {
    const t = T[locale];
    await useLocale(context, locale);
    const channelId = await channelOf(page.request, 'adult01');
    await page.goto(`/channels/${channelId}/live`);
    await page.getByRole('banner').getByRole('link', { name: t.signup }).click();
    const d = page.getByRole('dialog');
    const id = freshId('adv');
    await d.getByRole('textbox', { name: t.id, exact: true }).fill(id);
    await d.getByLabel(t.password, { exact: true }).fill('Secure12!');
    await d.getByLabel(t.confirm, { exact: true }).fill('Secure12!');
    await d.getByRole('textbox', { name: t.nickname, exact: true }).fill(`v${id.slice(-8)}`);
    await d.getByRole('checkbox', { name: t.all, exact: true }).check();
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/signup' && r.method() === 'POST'),
      d.getByRole('button', { name: t.signup, exact: true }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ loginId: id, adultValue: true });
    expect(await (await request.response())!.json()).toMatchObject({ loginId: id, adultValue: true });
    await expect(d.getByRole('link', { name: t.verify, exact: true })).toBeVisible();
    expect(((await (await page.request.get('/api/my/profile')).json()) as { loginId: string; PI: boolean }).PI).toBe(
      false,
    );
  });
}
