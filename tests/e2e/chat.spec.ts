import { expect, test } from '@playwright/test';
import {
  channelOf,
  chatInput,
  chatList,
  expectMainAxeClean,
  expectVideoAdvances,
  openLive,
  openLiveAsNewMember,
  say,
  watchCsp,
} from './channel-fixtures.ts';

// One demo room for all: in order, so the mutes, freeze and kick of the last test touch no other.
test.describe.configure({ mode: 'serial' });

test('a guest finds the demo live on the home page, watches it and reads the chat', async ({ page, browser }) => {
  const csp = watchCsp(page);
  await page.goto('/');
  const card = page.getByRole('link', { name: /데모 라이브 방송/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/channels\/\d+\/live$/);
  await expectVideoAdvances(page);
  // Guests read but cannot type: a sign-in prompt instead of the input.
  await expect(page.getByText('로그인하면 채팅에 참여할 수 있습니다.')).toBeVisible();
  await expect(page.getByText('채팅 연결됨')).toBeVisible();

  const channelId = Number(/\/channels\/(\d+)\/live/.exec(page.url())![1]);
  const viewer = await openLive(browser, 'viewer02', channelId);
  await expect(viewer.page.getByText('채팅 연결됨')).toBeVisible();
  // Every line of this file is unique: the room keeps its history, and a retry must not meet the
  // line its first attempt sent.
  const line = `게스트도 보이나요? ${Date.now()}`;
  await say(viewer.page, line);
  await expect(chatList(page).getByText(line)).toBeVisible();
  await expectMainAxeClean(page);
  expect(csp).toEqual([]);
  await viewer.context.close();
});

test('Enter during Hangul composition does not send', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0001');
  const v = await openLive(browser, 'viewer02', channelId);
  await expect(v.page.getByText('채팅 연결됨')).toBeVisible();
  const input = chatInput(v.page);
  const line = `조합중 ${Date.now()}`;
  await input.fill(line);
  await input.dispatchEvent('keydown', { key: 'Enter', keyCode: 229, isComposing: true, bubbles: true });
  await expect(input).toHaveValue(line);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(chatList(v.page).getByText(line)).toBeVisible();
  await v.context.close();
});

test('the chat speaks English to English viewers', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0001');
  const v = await openLive(browser, 'viewer02', channelId, 'en');
  await expect(v.page.getByText('Chat connected')).toBeVisible();
  const line = `hello in English ${Date.now()}`;
  await v.page.getByRole('textbox', { name: 'Chat message' }).fill(line);
  await v.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(v.page.getByRole('list', { name: 'Chat messages' }).getByText(line)).toBeVisible();
  await v.context.close();
});

test('markup in a chat line renders as inert text', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0001');
  const reader = await openLive(browser, null, channelId);
  const writer = await openLive(browser, 'viewer02', channelId);
  await expect(writer.page.getByText('채팅 연결됨')).toBeVisible();
  await expect(reader.page.getByText('채팅 연결됨')).toBeVisible();
  const payload = `<img src=x onerror="window.__pwned=1">"><svg onload=window.__pwned=2> ${Date.now()}`;
  await say(writer.page, payload);
  await expect(chatList(reader.page).getByText(payload)).toBeVisible();
  await expect(chatList(reader.page).locator('img, svg')).toHaveCount(0);
  expect(await reader.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await reader.context.close();
  await writer.context.close();
});

test('a member does not see the chat lines of someone they blocked; others still do', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0001');
  const blocker = await openLive(browser, 'adult01', channelId);
  await blocker.page.request.post('/api/my/blacklist', { data: { loginId: 'viewer01' } });
  await blocker.page.reload();
  const blocked = await openLive(browser, 'viewer01', channelId);
  const other = await openLive(browser, 'viewer02', channelId);
  for (const p of [blocker.page, blocked.page, other.page]) await expect(p.getByText('채팅 연결됨')).toBeVisible();

  const hidden = `차단된 사람의 말 ${Date.now()}`;
  const after = `그 다음 말 ${Date.now()}`;
  await say(blocked.page, hidden);
  await say(other.page, after);
  // Lines arrive in order: once the later line is on screen, the blocked one would be too.
  await expect(chatList(blocker.page).getByText(after)).toBeVisible();
  await expect(chatList(blocker.page).getByText(hidden)).toHaveCount(0);
  await expect(chatList(other.page).getByText(hidden)).toBeVisible();

  await blocker.page.request.delete('/api/my/blacklist/viewer01');
  for (const c of [blocker, blocked, other]) await c.context.close();
});

test('two signed-in browsers chat; the BJ mutes, freezes and kicks, and both browsers see it', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0001');
  // New members each run: a mute or kick here must not follow a retry (a kick lasts 10 minutes).
  const a = await openLiveAsNewMember(browser, channelId, 'cha');
  const b = await openLiveAsNewMember(browser, channelId, 'chb');
  const bj = await openLive(browser, 'bj0001', channelId);
  for (const p of [a.page, b.page, bj.page]) await expect(p.getByText('채팅 연결됨')).toBeVisible();

  const stamp = Date.now();
  await say(a.page, `안녕하세요 from A ${stamp}`);
  await expect(chatList(b.page).getByText(`안녕하세요 from A ${stamp}`)).toBeVisible();
  await say(b.page, `hello from B ${stamp}`);
  await expect(chatList(a.page).getByText(`hello from B ${stamp}`)).toBeVisible();

  // Mute A from the BJ's browser: A cannot send, B sees the notice.
  await chatList(bj.page).getByRole('button', { name: a.nickname }).first().click();
  await bj.page
    .getByRole('group', { name: `${a.nickname}님 관리` })
    .getByRole('button', { name: '채팅 금지', exact: true })
    .click();
  await expect(b.page.getByText(`${a.loginId}님이 채팅 금지되었습니다.`)).toBeVisible();
  await expect(a.page.getByText(`${a.loginId}님이 채팅 금지되었습니다.`)).toBeVisible();
  await chatInput(a.page).fill('muted?');
  await a.page.getByRole('button', { name: '전송' }).click();
  await expect(a.page.getByText('채팅이 금지된 상태입니다.')).toBeVisible();
  await chatList(bj.page).getByRole('button', { name: a.nickname }).first().click();
  await bj.page
    .getByRole('group', { name: `${a.nickname}님 관리` })
    .getByRole('button', { name: '채팅 금지 해제' })
    .click();
  await expect(b.page.getByText(`${a.loginId}님의 채팅 금지가 해제되었습니다.`)).toBeVisible();
  await say(a.page, `unmuted now ${stamp}`);
  await expect(chatList(b.page).getByText(`unmuted now ${stamp}`)).toBeVisible();

  // Freeze: B (a plain member) is refused, the BJ still talks.
  await bj.page.getByRole('button', { name: '채팅 얼리기', exact: true }).click();
  await expect(b.page.getByText('채팅이 얼려졌습니다. BJ 및 매니저만 채팅할 수 있습니다.')).toBeVisible();
  await chatInput(b.page).fill('frozen?');
  await b.page.getByRole('button', { name: '전송' }).click();
  await expect(b.page.getByText('채팅이 얼려져 BJ 및 매니저만 채팅할 수 있습니다.')).toBeVisible();
  await say(bj.page, `BJ speaking ${stamp}`);
  await expect(chatList(a.page).getByText(`BJ speaking ${stamp}`)).toBeVisible();
  // With a BJ line (its role badge) and the frozen notice on screen.
  await expectMainAxeClean(a.page);
  await bj.page.getByRole('button', { name: '채팅 얼리기 해제' }).click();
  await expect(b.page.getByText('채팅 얼리기가 해제되었습니다.')).toBeVisible();

  // Kick B: B is out and told so; A sees the notice.
  await chatList(bj.page).getByRole('button', { name: b.nickname }).first().click();
  await bj.page
    .getByRole('group', { name: `${b.nickname}님 관리` })
    .getByRole('button', { name: '강제 퇴장', exact: true })
    .click();
  await expect(b.page.getByText('채팅방에서 강제 퇴장되었습니다.')).toBeVisible();
  await expect(a.page.getByText(`${b.loginId}님이 강제 퇴장되었습니다.`)).toBeVisible();
  // A reload does not bring B back.
  await b.page.reload();
  await expect(b.page.getByText('채팅방에서 강제 퇴장되었습니다.')).toBeVisible();

  for (const x of [a, b, bj]) await x.context.close();
});
