/**
 * Chat rules on the site (issue #41): the BJ sets slow mode, emote-only and subscribers-only from the
 * chat panel's settings; viewers see the modes above the input and the refusals, and keep what they
 * typed; the BJ saves blocked words in the broadcaster tools ("방송 관리") and a line with one is
 * refused. Each test has a BJ of its own (a fresh channel, through the real application flow), so
 * no other spec's room changes; the chat is the channel's chat dock (/popup/chat/{id}), which needs
 * no live.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { becomeBj, contextIn, signUpFresh } from './broadcast-fixtures.ts';
import { expectMainAxeClean } from './channel-fixtures.ts';

const T = {
  ko: {
    connected: '채팅 연결됨',
    input: '채팅 입력',
    send: '전송',
    list: '채팅 메시지',
    settings: '채팅 설정',
    slow: '슬로우 모드',
    emote: '이모티콘 전용',
    subscribers: '구독자 전용',
    saved: '채팅 규칙을 바꿨어요.',
    modes: '채팅 모드',
    slowMode: '슬로우 모드 (5초)',
    seconds: (n: number) => `${n}초`,
    wait: /^\d초 후에 다시 입력할 수 있어요\.$/,
    countdown: /^\d초 후에 입력할 수 있어요$/,
    emoteRefused: '지금은 이모티콘만 보낼 수 있습니다.',
    picker: '이모티콘 선택',
    smile: '웃음',
    subscribersRefused: '구독자만 채팅할 수 있습니다.',
    off: '끄기',
  },
  en: {
    connected: 'Chat connected',
    input: 'Chat message',
    send: 'Send',
    list: 'Chat messages',
    settings: 'Chat settings',
    slow: 'Slow mode',
    emote: 'Emote only',
    subscribers: 'Subscribers only',
    saved: 'Chat rules updated.',
    modes: 'Chat modes',
    slowMode: 'Slow mode (5s)',
    seconds: (n: number) => `${n}s`,
    wait: /^You can send again in \d s\.$/,
    countdown: /^You can send again in \ds$/,
    emoteRefused: 'Only emoticons can be sent right now.',
    picker: 'Choose an emoji',
    smile: '웃음',
    subscribersRefused: 'Only subscribers can chat.',
    off: 'Off',
  },
} as const;

/** A fresh member in their own browser, in `locale`, on the chat dock of `channelId`. */
async function chatter(browser: Browser, locale: 'ko' | 'en', prefix: string, channelId?: number) {
  const { context, page } = await contextIn(browser, locale);
  const loginId = await signUpFresh(page.request, prefix);
  if (channelId !== undefined) await openDock(page, channelId, locale);
  return { context, page, loginId };
}

async function openDock(page: Page, channelId: number, locale: 'ko' | 'en') {
  await page.goto(`/popup/chat/${channelId}`);
  await expect(page.getByText(T[locale].connected)).toBeVisible({ timeout: 20_000 });
}

/** The BJ changes one rule in the panel's settings; the change is saved. */
async function setRule(
  page: Page,
  locale: 'ko' | 'en',
  change: (settings: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const t = T[locale];
  const button = page.getByRole('button', { name: t.settings });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const settings = page.getByRole('group', { name: t.settings });
  await change(settings);
  await expect(settings.getByRole('status')).toHaveText(t.saved);
}

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];

  test(`${locale}: the BJ sets slow mode and emote-only in the panel; a viewer sees the modes, the wait and the picker`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const bj = await chatter(browser, locale, `cr${locale}`);
    const channelId = await becomeBj(bj.page.request, request, bj.loginId);
    await openDock(bj.page, channelId, locale);
    const viewer = await chatter(browser, locale, `cv${locale}`, channelId);
    const input = viewer.page.getByRole('textbox', { name: t.input });
    const send = viewer.page.getByRole('button', { name: t.send, exact: true });

    // Slow mode, 5 s: the settings are the BJ's (a viewer's settings have no rules).
    await setRule(bj.page, locale, (s) =>
      s.getByRole('combobox', { name: t.slow }).selectOption({ label: t.seconds(5) }),
    );
    await viewer.page.getByRole('button', { name: t.settings }).click();
    await expect(viewer.page.getByRole('group', { name: t.settings }).getByRole('combobox')).toHaveCount(0);
    await viewer.page.keyboard.press('Escape');
    await expect(viewer.page.getByRole('button', { name: t.settings })).toBeFocused();
    const modes = viewer.page.getByRole('list', { name: t.modes });
    await expect(modes.getByRole('listitem')).toHaveText([t.slowMode]);

    const first = `first ${Date.now()}`;
    await input.fill(first);
    await send.click();
    await expect(input).toHaveValue('');
    await expect(viewer.page.getByText(t.countdown)).toBeVisible();
    // The next line at once: refused with the wait, and what was typed stays.
    const second = `second ${Date.now()}`;
    await input.fill(second);
    await send.click();
    await expect(viewer.page.getByRole('alert')).toHaveText(t.wait);
    await expect(input).toHaveValue(second);
    await expect(bj.page.getByRole('list', { name: t.list }).getByText(first)).toBeVisible();
    await expect(bj.page.getByRole('list', { name: t.list }).getByText(second)).toHaveCount(0);
    // The BJ is exempt.
    for (const n of [1, 2]) {
      const line = `bj ${n} ${Date.now()}`;
      await bj.page.getByRole('textbox', { name: t.input }).fill(line);
      await bj.page.getByRole('button', { name: t.send, exact: true }).click();
      await expect(viewer.page.getByRole('list', { name: t.list }).getByText(line)).toBeVisible();
    }

    // Emote-only, slow mode off: words are refused, the picker opens; an emoticon alone goes through.
    await setRule(bj.page, locale, (s) => s.getByRole('combobox', { name: t.slow }).selectOption({ label: t.off }));
    await setRule(bj.page, locale, (s) => s.getByRole('checkbox', { name: t.emote }).check());
    await expect(modes.getByRole('listitem')).toHaveText([t.emote]);
    await input.fill('words only');
    await send.click();
    await expect(viewer.page.getByRole('alert')).toHaveText(t.emoteRefused);
    await expect(input).toHaveValue('words only');
    const picker = viewer.page.getByRole('group', { name: t.picker });
    await expect(picker).toBeVisible();
    await input.fill('');
    await picker.getByRole('button', { name: t.smile, exact: true }).first().click();
    await expect(input).toHaveValue('😀');
    await send.click();
    await expect(input).toHaveValue('');
    await expect(bj.page.getByRole('list', { name: t.list }).getByText('😀').last()).toBeVisible();
    await expectMainAxeClean(viewer.page);
    await expectMainAxeClean(bj.page);

    // Subscribers-only: a member who is not subscribed is told so.
    await setRule(bj.page, locale, (s) => s.getByRole('checkbox', { name: t.emote }).uncheck());
    await setRule(bj.page, locale, (s) => s.getByRole('checkbox', { name: t.subscribers }).check());
    await expect(modes.getByRole('listitem')).toHaveText([t.subscribers]);
    await input.fill('may I?');
    await send.click();
    await expect(viewer.page.getByRole('alert')).toHaveText(t.subscribersRefused);
    await expect(input).toHaveValue('may I?');
    for (const c of [bj, viewer]) await c.context.close();
  });
}

test('ko: blocked words saved in the broadcaster tools refuse a line; a refused save keeps what was typed', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const bj = await chatter(browser, 'ko', 'cbw');
  const channelId = await becomeBj(bj.page.request, request, bj.loginId);
  await bj.page.goto(`/channels/${channelId}`);
  const tools = bj.page.getByRole('region', { name: '금지어' });
  await expect(tools.getByText('등록된 금지어가 없어요.')).toBeVisible();
  const word = tools.getByRole('textbox', { name: '추가할 금지어' });

  // Too long a word: the server refuses the save; the list and the field keep their words.
  const long = '가'.repeat(31);
  await word.fill(long);
  await tools.getByRole('button', { name: '추가', exact: true }).click();
  await word.fill('바보');
  await word.press('Enter');
  await tools.getByRole('button', { name: '금지어 저장' }).click();
  await expect(tools.getByRole('alert')).toHaveText('금지어는 100개까지, 각 1~30자로 입력해 주세요.');
  await expect(tools.getByRole('list', { name: '금지어 목록' }).getByRole('listitem')).toHaveText([
    `${long}✕`,
    '바보✕',
  ]);
  // A word already listed is not added twice.
  await word.fill('바보');
  await word.press('Enter');
  await expect(tools.getByRole('alert')).toHaveText('이미 목록에 있는 단어예요.');
  await expect(word).toHaveValue('바보');
  await word.fill('');

  await tools.getByRole('button', { name: `${long} 삭제` }).click();
  await tools.getByRole('button', { name: '금지어 저장' }).click();
  await expect(tools.getByRole('status')).toHaveText('금지어를 저장했어요.');
  await bj.page.reload();
  await expect(tools.getByRole('list', { name: '금지어 목록' }).getByRole('listitem')).toHaveText(['바보✕']);
  await expectMainAxeClean(bj.page);

  const viewer = await chatter(browser, 'ko', 'cbv', channelId);
  const input = viewer.page.getByRole('textbox', { name: '채팅 입력' });
  await input.fill('너 바보야');
  await viewer.page.getByRole('button', { name: '전송', exact: true }).click();
  await expect(viewer.page.getByRole('alert')).toHaveText('금지어가 들어 있어 보내지 않았습니다.');
  await expect(input).toHaveValue('너 바보야');
  for (const c of [bj, viewer]) await c.context.close();
});

test('ko: a manager the BJ appoints in the chat sets a rule and keeps the blocked words from the chat settings', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const bj = await chatter(browser, 'ko', 'cmb');
  const channelId = await becomeBj(bj.page.request, request, bj.loginId);
  await openDock(bj.page, channelId, 'ko');
  const mgr = await chatter(browser, 'ko', 'cmm', channelId);
  const nickname = ((await (await mgr.page.request.get('/api/my/profile')).json()) as { nickname: string }).nickname;
  const hello = `매니저 후보 ${Date.now()}`;
  await mgr.page.getByRole('textbox', { name: '채팅 입력' }).fill(hello);
  await mgr.page.getByRole('button', { name: '전송', exact: true }).click();
  await bj.page.getByRole('list', { name: '채팅 메시지' }).getByRole('button', { name: nickname }).first().click();
  await bj.page
    .getByRole('group', { name: `${nickname}님 관리` })
    .getByRole('button', { name: '매니저 임명' })
    .click();
  await expect(mgr.page.getByText(`${mgr.loginId}님이 매니저가 되었습니다.`)).toBeVisible();

  await setRule(mgr.page, 'ko', async (s) => {
    await s.getByRole('combobox', { name: '슬로우 모드' }).selectOption({ label: '10초' });
  });
  await expect(bj.page.getByRole('list', { name: '채팅 모드' }).getByRole('listitem')).toHaveText([
    '슬로우 모드 (10초)',
  ]);
  const settings = mgr.page.getByRole('group', { name: '채팅 설정' });
  await settings.getByText('금지어', { exact: true }).first().click();
  const words = settings.getByRole('region', { name: '금지어' });
  await words.getByRole('textbox', { name: '추가할 금지어' }).fill('스포일러');
  await words.getByRole('button', { name: '추가', exact: true }).click();
  await words.getByRole('button', { name: '금지어 저장' }).click();
  await expect(words.getByRole('status')).toHaveText('금지어를 저장했어요.');
  await expectMainAxeClean(mgr.page);

  // A viewer sees the manager's slow mode; the BJ's line with the blocked word is refused too.
  const viewer = await chatter(browser, 'ko', 'cmv', channelId);
  await expect(viewer.page.getByRole('list', { name: '채팅 모드' }).getByRole('listitem')).toHaveText([
    '슬로우 모드 (10초)',
  ]);
  await bj.page.getByRole('textbox', { name: '채팅 입력' }).fill('스포일러 주의');
  await bj.page.getByRole('button', { name: '전송', exact: true }).click();
  await expect(bj.page.getByRole('alert')).toHaveText('금지어가 들어 있어 보내지 않았습니다.');
  for (const c of [bj, mgr, viewer]) await c.context.close();
});
