/**
 * A chat that reads like a streaming chat (issue #41 point 3): badges (BJ, subscriber with months,
 * top giver), the gift alert, timestamps and density remembered, a mention highlighted and
 * announced, @ autocomplete by keyboard (and not while a Hangul syllable is composed), the viewer
 * list, and the list filling the panel on the live page, on a phone too, in both themes. Rooms of
 * fresh BJs (the channel's chat dock, /popup/chat/{id}) except the layout checks, which read the
 * demo live.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { becomeBj, contextIn, signUpFresh } from './broadcast-fixtures.ts';
import { channelOf, expectMainAxeClean, signIn } from './channel-fixtures.ts';

type Locale = 'ko' | 'en';
const T = {
  ko: {
    connected: '채팅 연결됨',
    input: '채팅 입력',
    send: '전송',
    list: '채팅 메시지',
    settings: '채팅 설정',
    timestamps: '시간 표시',
    compact: '좁게',
    comfortable: '넓게',
    bj: 'BJ',
    sub: '구독 1개월',
    fan: '열혈팬 1위',
    gift: '시청자01님이 러브 10개를 선물했습니다.',
    alert: '선물 알림',
    mentioned: '나를 언급',
    names: '닉네임 추천',
    viewers: '시청자 목록',
    guests: '로그인하지 않은 시청자 1명',
  },
  en: {
    connected: 'Chat connected',
    input: 'Chat message',
    send: 'Send',
    list: 'Chat messages',
    settings: 'Chat settings',
    timestamps: 'Show timestamps',
    compact: 'Compact',
    comfortable: 'Comfortable',
    bj: 'BJ',
    sub: 'Sub 1 mo',
    fan: 'Top fan #1',
    gift: '시청자01 sent 10 luv.',
    alert: 'Gift alert',
    mentioned: 'Mentions you',
    names: 'Nickname suggestions',
    viewers: 'Viewer list',
    guests: '1 viewers not signed in',
  },
} as const;

async function openDock(page: Page, channelId: number, locale: Locale) {
  await page.goto(`/popup/chat/${channelId}`);
  await expect(page.getByText(T[locale].connected)).toBeVisible({ timeout: 20_000 });
}

async function member(browser: Browser, locale: Locale, prefix: string) {
  const { context, page } = await contextIn(browser, locale);
  const loginId = await signUpFresh(page.request, prefix);
  const profile = (await (await page.request.get('/api/my/profile')).json()) as { nickname: string };
  return { context, page, loginId, nickname: profile.nickname };
}

async function say(page: Page, locale: Locale, line: string) {
  const input = page.getByRole('textbox', { name: T[locale].input });
  await input.fill(line);
  await page.getByRole('button', { name: T[locale].send, exact: true }).click();
  await expect(input).toHaveValue('');
}

const row = (page: Page, locale: Locale, text: string) =>
  page.getByRole('list', { name: T[locale].list }).getByRole('listitem').filter({ hasText: text });

/** A card through the development stand-in of PortOne's window, then a monthly subscription. */
async function subscribe(page: Page, channelId: number) {
  await page.goto(`/channels/${channelId}`);
  await page.getByRole('button', { name: /^(구독|Subscribe)$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /카드 등록하고 구독|Register a card and subscribe/ })
    .click();
  await page.getByRole('button', { name: /^(카드 등록하기|Register the card)$/ }).click();
  await expect(page.getByRole('dialog').getByText(/구독이 시작되었습니다|You are subscribed until/)).toBeVisible();
}

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];

  test(`${locale}: badges on the BJ's, a subscriber's and a top giver's lines; a gift alert with amount and message`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const bj = await member(browser, locale, `lb${locale}`);
    const channelId = await becomeBj(bj.page.request, request, bj.loginId);
    const sub = await member(browser, locale, `ls${locale}`);
    await subscribe(sub.page, channelId);
    const watcher = await contextIn(browser, locale);
    for (const p of [bj.page, sub.page, watcher.page]) await openDock(p, channelId, locale);

    const stamp = Date.now();
    // viewer01 gifts (the demo money) with a message before anyone speaks (the server ranks the
    // channel's top givers once a minute): an alert above the list, announced, and a card in the list.
    const giver = await contextIn(browser, locale);
    await signIn(giver.page.request, 'viewer01');
    const message = `${locale} cheers ${stamp}`;
    const gift = await giver.page.request.post('/api/lives/send-luv', {
      headers: { 'Idempotency-Key': `e2e-chat-look-${locale}-${stamp}` },
      data: { channelId, amount: 10, message },
    });
    expect(gift.status()).toBe(200);
    const alert = watcher.page.getByRole('status').filter({ hasText: t.alert });
    await expect(alert).toContainText(t.gift);
    await expect(alert).toContainText(message);
    await expect(alert).toBeInViewport();
    const giftRow = watcher.page.getByRole('list', { name: t.list }).getByRole('listitem').filter({ hasText: message });
    await expect(giftRow).toContainText(t.gift);
    await expect(giftRow).toBeInViewport({ ratio: 1 });

    await say(bj.page, locale, `bj line ${stamp}`);
    await say(sub.page, locale, `sub line ${stamp}`);
    await expect(row(watcher.page, locale, `bj line ${stamp}`)).toContainText(`${t.bj}${bj.nickname}`);
    await expect(row(watcher.page, locale, `sub line ${stamp}`)).toContainText(`${t.sub}${sub.nickname}`);
    await openDock(giver.page, channelId, locale);
    await say(giver.page, locale, `giver line ${stamp}`);
    await expect(row(watcher.page, locale, `giver line ${stamp}`)).toContainText(t.fan);
    await expectMainAxeClean(watcher.page);
    for (const c of [bj, sub, watcher, giver]) await c.context.close();
  });

  test(`${locale}: timestamps and density from the chat settings, remembered after a reload`, async ({
    browser,
    request,
  }) => {
    const bj = await member(browser, locale, `lt${locale}`);
    const channelId = await becomeBj(bj.page.request, request, bj.loginId);
    await openDock(bj.page, channelId, locale);
    const line = `a line ${Date.now()}`;
    await say(bj.page, locale, line);
    const r = row(bj.page, locale, line);
    await expect(r.locator('time')).toHaveCount(0);
    const tall = (await r.boundingBox())!.height;

    await bj.page.getByRole('button', { name: t.settings }).click();
    const settings = bj.page.getByRole('group', { name: t.settings });
    await expect(settings.getByRole('checkbox', { name: t.timestamps })).toBeFocused();
    await settings.getByRole('checkbox', { name: t.timestamps }).check();
    await expect(r.locator('time')).toHaveText(/\d{1,2}:\d{2}/);
    await settings.getByRole('radio', { name: t.compact }).check();
    await expect.poll(async () => (await r.boundingBox())!.height).toBeLessThan(tall);
    await expectMainAxeClean(bj.page);

    await bj.page.reload();
    await expect(bj.page.getByText(t.connected)).toBeVisible({ timeout: 20_000 });
    await expect(row(bj.page, locale, line).locator('time')).toHaveCount(1);
    await bj.page.getByRole('button', { name: t.settings }).click();
    await expect(bj.page.getByRole('radio', { name: t.compact })).toBeChecked();
    await bj.page.getByRole('radio', { name: t.comfortable }).check();
    await bj.page.getByRole('checkbox', { name: t.timestamps }).uncheck();
    await expect(row(bj.page, locale, line).locator('time')).toHaveCount(0);
    await bj.context.close();
  });
}

test('ko: @ autocomplete picks a nickname with the keyboard (not while composing); the mention is highlighted and announced', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const bj = await member(browser, 'ko', 'lm');
  const channelId = await becomeBj(bj.page.request, request, bj.loginId);
  const a = await member(browser, 'ko', 'la');
  for (const p of [bj.page, a.page]) await openDock(p, channelId, 'ko');
  await say(bj.page, 'ko', `안녕하세요 ${Date.now()}`);

  const input = a.page.getByRole('textbox', { name: '채팅 입력' });
  await input.fill(`반가워요 @${bj.nickname.slice(0, -1)}`);
  const names = a.page.getByRole('listbox', { name: '닉네임 추천' });
  await expect(names.getByRole('option')).toHaveText([`@${bj.nickname}`]);
  await expect(names.getByRole('option', { name: `@${bj.nickname}` })).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  // Enter that commits a Hangul syllable neither picks nor sends.
  await input.dispatchEvent('keydown', { key: 'Enter', keyCode: 229, isComposing: true, bubbles: true });
  await expect(input).toHaveValue(`반가워요 @${bj.nickname.slice(0, -1)}`);
  await expect(names).toBeVisible();
  // Escape closes; typing again offers the list again; Enter picks.
  await input.press('Escape');
  await expect(names).toHaveCount(0);
  await input.press('Backspace');
  await expect(names).toBeVisible();
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(names).toHaveCount(0);
  await expect(input).toHaveValue(`반가워요 @${bj.nickname} `);
  await input.pressSequentially('잘 들려요');
  await input.press('Enter');
  await expect(input).toHaveValue('');

  const mention = row(bj.page, 'ko', `@${bj.nickname} 잘 들려요`);
  await expect(mention).toContainText('나를 언급');
  await expect(
    bj.page.getByText(`${a.nickname}님이 나를 언급했어요: 반가워요 @${bj.nickname} 잘 들려요`),
  ).toBeAttached();
  // The sender's own copy is not a mention of them.
  await expect(row(a.page, 'ko', `@${bj.nickname} 잘 들려요`)).not.toContainText('나를 언급');
  await expectMainAxeClean(bj.page);
  for (const c of [bj, a]) await c.context.close();
});

test('ko: the viewer list names the BJ and a member and counts a guest', async ({ browser, request }) => {
  const bj = await member(browser, 'ko', 'lv');
  const channelId = await becomeBj(bj.page.request, request, bj.loginId);
  const a = await member(browser, 'ko', 'lw');
  const guest = await contextIn(browser, 'ko');
  for (const p of [bj.page, a.page, guest.page]) await openDock(p, channelId, 'ko');

  await guest.page.getByRole('button', { name: '시청자 목록' }).click();
  const dialog = guest.page.getByRole('dialog', { name: '시청자 목록' });
  await expect(dialog.getByRole('region', { name: 'BJ' }).getByRole('listitem')).toHaveText([bj.nickname]);
  await expect(dialog.getByRole('region', { name: '시청자' }).getByRole('listitem')).toHaveText([a.nickname]);
  await expect(dialog.getByText('로그인하지 않은 시청자 1명')).toBeVisible();
  await expectMainAxeClean(guest.page);
  await guest.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(guest.page.getByRole('button', { name: '시청자 목록' })).toBeFocused();
  for (const c of [bj, a, guest]) await c.context.close();
});

for (const [name, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 375, height: 740 }],
] as const)
  test(`ko: on ${name} the live page's chat list fills its panel, with nothing cut on the right`, async ({
    browser,
    request,
  }) => {
    const channelId = await channelOf(request, 'bj0001');
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page.request, 'viewer02');
    await page.goto(`/channels/${channelId}/live`);
    await expect(page.getByText('채팅 연결됨')).toBeVisible({ timeout: 20_000 });
    const panel = await page.getByRole('region', { name: '채팅' }).boundingBox();
    const form = await page.getByRole('textbox', { name: '채팅 입력' }).boundingBox();
    // The input sits at the panel's foot: no band of empty space below it.
    expect(panel!.y + panel!.height - (form!.y + form!.height)).toBeLessThan(48);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });

test('ko: the chat dock in the dark theme passes axe, settings open', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0001');
  const { context, page } = await contextIn(browser, 'ko');
  await signIn(page.request, 'viewer02');
  await page.goto(`/popup/chat/${channelId}?darkTheme=true`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
  await expect(page.getByText('채팅 연결됨')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '채팅 설정' }).click();
  await expect(page.getByRole('group', { name: '채팅 설정' })).toBeVisible();
  await expectMainAxeClean(page);
  await context.close();
});
