/**
 * What a viewer trying the product missed (issue #16 point 12), in ko and en: the balance in the
 * header and the unread count on the phone's menu button; the BJ's luv presets in the gift dialog;
 * gift lines with their unit that stay after a reload; a name in chat offers block and report.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshId, useLocale } from './auth-fixtures.ts';
import { becomeBj, contextIn, signUpFresh } from './broadcast-fixtures.ts';
import { channelOf, signIn } from './channel-fixtures.ts';

const TEXT = {
  ko: {
    account: '내 계정',
    balance: (n: string) => `보유 러브: ${n}`,
    menuUnread: (n: number) => `메뉴, 읽지 않은 쪽지 ${n}개`,
    giftButton: '선물하기',
    presets: '빠른 선택',
    preset: (n: string) => `${n} 러브`,
    send: '선물하기',
    giftLine: (nick: string, n: string) => `${nick}님이 러브 ${n}개를 선물했습니다.`,
    chat: '채팅 메시지',
    chatInput: '채팅 입력',
    chatSend: '전송',
    nameMenu: (nick: string) => `${nick}님 메뉴`,
    block: '차단하기',
    report: '신고하기',
    blocked: (nick: string) => `${nick}님을 차단했습니다.`,
    reportTarget: '신고할 회원 ID',
  },
  en: {
    account: 'My account',
    balance: (n: string) => `Your luv: ${n}`,
    menuUnread: (n: number) => `Menu, ${n} unread messages`,
    giftButton: 'Send a gift',
    presets: 'Quick amounts',
    preset: (n: string) => `${n} luv`,
    send: 'Send gift',
    giftLine: (nick: string, n: string) => `${nick} sent ${n} luv.`,
    chat: 'Chat messages',
    chatInput: 'Chat message',
    chatSend: 'Send',
    nameMenu: (nick: string) => `Actions for ${nick}`,
    block: 'Block',
    report: 'Report',
    blocked: (nick: string) => `You blocked ${nick}.`,
    reportTarget: 'ID of the member',
  },
} as const;

const fmt = (n: number, locale: 'ko' | 'en') => n.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US');

async function newMember(
  browser: Browser,
  locale: 'ko' | 'en',
  prefix: string,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await useLocale(context, locale);
  const loginId = freshId(prefix);
  const nickname = `${prefix}${loginId.slice(-6)}`;
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
  expect(res.status()).toBe(201);
  return { context, page, loginId, nickname };
}

const luvOf = async (page: Page) =>
  ((await (await page.request.get('/api/my/luv/luv-sum')).json()) as { luv: number }).luv;

for (const locale of ['ko', 'en'] as const) {
  const l = TEXT[locale];

  test(`${locale}: the header shows the balance, and the phone's menu button the unread count`, async ({ browser }) => {
    const phone = await newMember(browser, locale, 'hdr', { width: 375, height: 740 });
    const sender = await newMember(browser, locale, 'snd');
    expect(
      (
        await sender.page.request.post('/v2/api/my/messages', { data: { loginId: phone.loginId, content: 'hello' } })
      ).status(),
    ).toBe(201);
    await phone.page.goto('/');
    const account = phone.page.getByRole('region', { name: l.account });
    // The count is on the button itself, menu closed.
    await expect(account.getByRole('button', { name: l.menuUnread(1) })).toBeVisible();
    await account.getByRole('button', { name: l.menuUnread(1) }).click();
    await expect(account.getByRole('link', { name: l.balance(fmt(await luvOf(phone.page), locale)) })).toBeVisible();
    await phone.context.close();
    await sender.context.close();

    // Desktop: the amount the API holds, in the row (a member of this test alone: a shared demo member's
    // balance moves while other tests gift).
    const desk = await newMember(browser, locale, 'dsk');
    await desk.page.goto('/');
    await expect(
      desk.page
        .getByRole('region', { name: l.account })
        .getByRole('link', { name: l.balance(fmt(await luvOf(desk.page), locale)) }),
    ).toBeVisible();
    await desk.context.close();
  });

  test(`${locale}: the BJ's presets fill the gift; the gift line has its unit and survives a reload`, async ({
    browser,
  }) => {
    const bj = await browser.newContext();
    await signIn(bj.request, 'bj0001');
    const presets = [7, 11];
    expect((await bj.request.post('/api/my/channel/luv-preset', { data: { presets } })).status()).toBe(200);
    await bj.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await useLocale(context, locale);
    await signIn(page.request, 'viewer01');
    const channelId = await channelOf(page.request, 'bj0001');
    const before = await luvOf(page);
    await page.goto(`/channels/${channelId}/live`);
    await page.getByRole('button', { name: l.giftButton, exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    const group = dialog.getByRole('group', { name: l.presets });
    for (const n of presets) await expect(group.getByRole('button', { name: l.preset(fmt(n, locale)) })).toBeVisible();
    await group.getByRole('button', { name: l.preset(fmt(11, locale)) }).click();
    await expect(dialog.getByRole('spinbutton')).toHaveValue('11');
    await dialog.getByRole('button', { name: l.send, exact: true }).click();
    await expect.poll(() => luvOf(page)).toBe(before - 11);

    const nickname = '시청자01';
    const line = page.getByRole('list', { name: l.chat }).getByText(l.giftLine(nickname, fmt(11, locale)));
    await expect(line.first()).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('list', { name: l.chat })
        .getByText(l.giftLine(nickname, fmt(11, locale)))
        .first(),
    ).toBeVisible();
    await context.close();
  });

  test(`${locale}: a name in chat offers block and report, by keyboard too`, async ({ browser }) => {
    const talker = await newMember(browser, locale, 'tlk');
    const viewer = await newMember(browser, locale, 'vwr');
    const channelId = await channelOf(viewer.page.request, 'bj0001');
    for (const p of [talker.page, viewer.page]) await p.goto(`/channels/${channelId}/live`);
    const said = `hi ${Date.now().toString(36)}`;
    await talker.page.getByRole('textbox', { name: l.chatInput }).fill(said);
    await talker.page.getByRole('button', { name: l.chatSend, exact: true }).click();

    const list = viewer.page.getByRole('list', { name: l.chat });
    const row = list.getByRole('listitem').filter({ hasText: said });
    await expect(row).toBeVisible();
    const name = row.getByRole('button', { name: talker.nickname });
    await name.focus();
    await viewer.page.keyboard.press('Enter');
    const menu = viewer.page.getByRole('group', { name: l.nameMenu(talker.nickname) });
    await expect(menu.getByRole('button', { name: l.block })).toBeFocused();
    await expect(menu.getByRole('link', { name: l.report })).toHaveAttribute(
      'href',
      `/cs?tab=report&target=${talker.loginId}`,
    );
    await viewer.page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(name).toBeFocused();

    await viewer.page.keyboard.press('Enter');
    await viewer.page.keyboard.press('Enter');
    await expect(viewer.page.getByText(l.blocked(talker.nickname))).toBeVisible();
    await expect(row).toHaveCount(0);
    const ids = (await (await viewer.page.request.get('/api/my/blacklist/ids')).json()) as { loginIds: string[] };
    expect(ids.loginIds).toContain(talker.loginId);

    await viewer.page.goto(`/cs?tab=report&target=${talker.loginId}`);
    await expect(viewer.page.getByRole('textbox', { name: l.reportTarget })).toHaveValue(talker.loginId);
    await talker.context.close();
    await viewer.context.close();
  });
}

const TOOLS = {
  ko: { panel: '방송 관리', title: '방송 제목', start: '방송 시작', armed: /방송 준비를 마쳤습니다/ },
  en: { panel: 'Manage broadcast', title: 'Broadcast title', start: 'Start broadcast', armed: /ready/i },
} as const;

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: the broadcast panel is under the broadcaster tools too`, async ({ browser, request }) => {
    const l = TOOLS[locale];
    const owner = await contextIn(browser, locale);
    const loginId = await signUpFresh(owner.page.request, 'tls');
    const channelId = await becomeBj(owner.page.request, request, loginId);
    await owner.page.goto('/my/channel');
    const panel = owner.page.getByRole('region', { name: l.panel });
    await expect(panel).toBeVisible();
    const title = `tools ${Date.now().toString(36)}`;
    await panel.getByRole('textbox', { name: l.title }).fill(title);
    await panel.getByRole('button', { name: l.start }).click();
    await expect(owner.page.getByRole('status').filter({ hasText: l.armed })).toBeVisible();
    // The API holds what the panel sent: the title typed here, waiting for the encoder.
    const state = await (await owner.page.request.get(`/api/channels/${channelId}/broadcast`)).json();
    expect(state).toMatchObject({ channelId, broadcasting: false, title });
    await owner.context.close();
  });
}

const COUPONS = {
  ko: {
    code: 'WELCOME-1000',
    luv: 1000,
    form: '쿠폰 사용',
    use: '쿠폰 사용',
    field: '쿠폰 번호',
    history: '쿠폰 사용 내역',
    line: 'WELCOME-1000 쿠폰 · 1,000 러브 지급',
  },
  en: {
    code: 'WELCOME-2000',
    luv: 2000,
    form: 'Use a coupon',
    use: 'Use coupon',
    field: 'Coupon number',
    history: 'Coupons used',
    line: 'Coupon WELCOME-2000: 2,000 luv credited',
  },
} as const;

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: a redeemed coupon appears in My luv's history`, async ({ browser }) => {
    const c = COUPONS[locale];
    const member = await newMember(browser, locale, 'cph');
    const { page } = member;
    await page.goto('/luv');
    const form = page.getByRole('form', { name: c.form });
    // Typed before the island hydrates, the number would be dropped: type until the button takes it.
    await expect(async () => {
      await form.getByRole('textbox', { name: c.field }).fill(c.code);
      await expect(form.getByRole('button', { name: c.use })).toBeEnabled({ timeout: 500 });
    }).toPass();
    await form.getByRole('button', { name: c.use }).click();
    await expect.poll(() => luvOf(page)).toBe(c.luv);

    await page.goto('/my/luv');
    await expect(page.getByRole('region', { name: c.history }).getByText(c.line)).toBeVisible();
    const history = (await (await page.request.get('/api/my/luv/coupons')).json()) as {
      list: { code: string; luv: number }[];
    };
    expect(history.list).toEqual([expect.objectContaining({ code: c.code, luv: c.luv })]);
    await member.context.close();
  });
}
