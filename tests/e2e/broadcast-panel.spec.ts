/**
 * The BJ's "방송 관리" panel on the channel page. A fresh member becomes a BJ through the real flow
 * (channel application + the demo operator's decision, through the worker), so the demo channels
 * other specs watch are never touched. The live goes on air when ffmpeg (the BJ's encoder) pushes to
 * the panel's server URL and key. Theme 6 (공부/교육) is one no other spec asserts on, and the
 * live is password-protected, so ending it leaves no recording to shift the home VOD list.
 */
import { expect, test, type Page } from '@playwright/test';
import { becomeBj, contextIn, pushWithFfmpeg, signUpFresh, type Encoder } from './broadcast-fixtures.ts';
import { expectMainAxeClean, expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

const LIVE_PASSWORD = '공부방1234';
const NEW_PASSWORD = 'study-2nd';

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

const panelHeading = (page: Page, name = '방송 관리') => page.getByRole('heading', { level: 2, name, exact: true });

test('a new BJ starts a themed, password-protected live from the panel; viewers need the password; the BJ ends it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await contextIn(browser, 'ko');
  const ownerCsp = watchCsp(owner.page);
  const loginId = await signUpFresh(owner.page.request, 'bjp');
  const channelId = await becomeBj(owner.page.request, request, loginId);

  // The owner sees the panel, off air.
  await owner.page.goto(`/channels/${channelId}`);
  await expect(panelHeading(owner.page)).toBeVisible();
  const panel = owner.page.getByRole('region', { name: '방송 관리' });
  await expect(panel.getByText('지금은 방송을 하고 있지 않습니다.')).toBeVisible();
  await expect(panel.getByRole('button', { name: '방송 종료' })).toHaveCount(0);
  await expect(
    panel.getByRole('combobox', { name: '방송 테마' }).getByRole('option', { name: '공부/교육' }),
  ).toHaveCount(1);
  await expectMainAxeClean(owner.page);

  // A password that breaks the length rule is refused in place, keeping what was typed.
  const title = panel.getByRole('textbox', { name: '방송 제목' });
  await title.fill('시험 기간 같이 공부해요');
  // Hangul IME: the Enter that commits a syllable is held back from the form; a plain Enter is not.
  const enterPrevented = (composing: boolean) =>
    title.evaluate((el, isComposing) => {
      const e = new KeyboardEvent('keydown', { key: 'Enter', isComposing, bubbles: true, cancelable: true });
      el.dispatchEvent(e);
      return e.defaultPrevented;
    }, composing);
  expect(await enterPrevented(true)).toBe(true);
  expect(await enterPrevented(false)).toBe(false);
  await panel.getByRole('combobox', { name: '방송 테마' }).selectOption({ label: '공부/교육' });
  const password = panel.getByLabel('방송 비밀번호 (선택)');
  await password.fill('abc');
  await panel.getByRole('button', { name: '방송 시작' }).click();
  await expect(panel.getByRole('alert')).toHaveText('비밀번호는 4~20자로 입력해 주세요.');
  await expect(password).toBeFocused();
  await expect(title).toHaveValue('시험 기간 같이 공부해요');
  await expect(owner.page.locator('.channel-header .badge-live')).toHaveCount(0);

  // The API out of reach: an error, and everything typed is still there for the retry.
  await password.fill(LIVE_PASSWORD);
  await owner.page.route('**/api/channels/*/broadcast', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback(),
  );
  await panel.getByRole('button', { name: '방송 시작' }).click();
  await expect(panel.getByRole('alert')).toHaveText('저장하지 못했습니다. 잠시 후 다시 시도해 주세요.');
  await expect(title).toHaveValue('시험 기간 같이 공부해요');
  await expect(password).toHaveValue(LIVE_PASSWORD);
  await expect(panel.getByRole('combobox', { name: '방송 테마' })).toHaveValue('6');
  await owner.page.unroute('**/api/channels/*/broadcast');

  await panel.getByRole('button', { name: '방송 시작' }).click();
  // The page reloads around the panel; the outcome takes the focus the button had.
  await expect(owner.page.getByRole('status').filter({ hasText: '방송 준비를 마쳤습니다.' })).toBeFocused();
  await expect(owner.page.locator('.channel-header .badge-live')).toHaveCount(0);
  // The encoder connects with the panel's server URL and key: the live goes on air.
  const settings = owner.page.getByRole('region', { name: '송출 설정' });
  await settings.getByRole('button', { name: '스트림 키 발급' }).click();
  const keyField = settings.getByLabel('스트림 키', { exact: true });
  await expect(keyField).toHaveAttribute('type', 'password');
  await expect(keyField).toHaveValue(/^live_/);
  encoder = pushWithFfmpeg(
    await settings.getByRole('textbox', { name: '서버 URL' }).inputValue(),
    await keyField.inputValue(),
  );
  await expect(owner.page.locator('.channel-header .badge-live')).toHaveText('LIVE', { timeout: 30_000 });
  await expect(owner.page.getByRole('link', { name: '라이브 보기' })).toBeVisible();
  const live = owner.page.getByRole('region', { name: '방송 관리' });
  await expect(live.getByText('비밀번호를 입력해야 시청할 수 있습니다.')).toBeVisible();
  await expect(live.getByRole('checkbox', { name: '비밀번호 해제' })).not.toBeChecked();
  await expect(live.getByRole('button', { name: '변경 사항 저장' })).toBeVisible();
  await expect(live.getByLabel('방송 비밀번호 (선택)')).toHaveValue('');
  await expectMainAxeClean(owner.page);

  // Another member and a guest see no panel; the member meets the password form, then watches.
  const viewer = await contextIn(browser, 'ko');
  const viewerCsp = watchCsp(viewer.page);
  await signUpFresh(viewer.page.request, 'vwp');
  await viewer.page.goto(`/channels/${channelId}`);
  await expect(viewer.page.getByRole('button', { name: '구독' })).toBeVisible();
  await expect(panelHeading(viewer.page)).toHaveCount(0);
  await viewer.page.goto(`/channels/${channelId}/live`);
  const gate = viewer.page.getByLabel('방송 비밀번호', { exact: true });
  await expect(gate).toBeVisible();
  await expect(viewer.page.getByTestId('player-video')).toHaveCount(0);
  await expect(viewer.page.getByRole('textbox', { name: '채팅 입력' })).toHaveCount(0);
  await gate.fill(LIVE_PASSWORD);
  await viewer.page.getByRole('button', { name: '입장' }).click();
  await expectVideoAdvances(viewer.page);
  await expect(viewer.page.getByText('채팅 연결됨')).toBeVisible();
  await expect(viewer.page.getByRole('heading', { name: '시험 기간 같이 공부해요' })).toBeVisible();

  // Saving while live: a new title and password. The viewer who passed keeps watching (the page
  // follows the room's event); a newcomer needs the new password.
  // Marks the viewer's video element: the same element afterwards means the player was not restarted.
  await viewer.page.getByTestId('player-video').evaluate((el) => (el.dataset.kept = 'yes'));
  await live.getByRole('textbox', { name: '방송 제목' }).fill('시험 기간 같이 공부해요 2부');
  await live.getByLabel('방송 비밀번호 (선택)').fill(NEW_PASSWORD);
  await live.getByRole('button', { name: '변경 사항 저장' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: '변경 사항을 저장했습니다.' })).toBeVisible();
  await expect(viewer.page.getByRole('heading', { name: '시험 기간 같이 공부해요 2부' })).toBeVisible();
  await expect(gate).toHaveCount(0);
  await expect(viewer.page.getByTestId('player-video')).toHaveAttribute('data-kept', 'yes');
  await expectVideoAdvances(viewer.page);

  // The BJ watches their own password live without typing the password.
  const ownView = await owner.context.newPage();
  await ownView.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(ownView);
  await expect(ownView.getByLabel('방송 비밀번호', { exact: true })).toHaveCount(0);
  await ownView.close();

  const guest = await contextIn(browser, 'ko');
  const guestCsp = watchCsp(guest.page);
  await guest.page.goto(`/channels/${channelId}`);
  await expect(guest.page.getByRole('link', { name: '라이브 보기' })).toBeVisible();
  await expect(panelHeading(guest.page)).toHaveCount(0);
  await guest.page.goto(`/channels/${channelId}/live`);
  const guestGate = guest.page.getByLabel('방송 비밀번호', { exact: true });
  await guestGate.fill(LIVE_PASSWORD);
  await guest.page.getByRole('button', { name: '입장' }).click();
  await expect(guest.page.getByRole('alert').filter({ hasText: '비밀번호가 올바르지 않습니다.' })).toBeVisible();
  await guestGate.fill(NEW_PASSWORD);
  await guest.page.getByRole('button', { name: '입장' }).click();
  await expect(guest.page.getByRole('heading', { name: '시험 기간 같이 공부해요 2부' })).toBeVisible();
  await expect(guest.page.getByTestId('player-video')).toBeVisible();
  // The home THEME chip of the chosen theme lists the channel.
  await guest.page.goto('/');
  const lives = guest.page.getByRole('region', { name: '지금 방송 중', exact: true });
  await lives.getByRole('group', { name: '방송 테마' }).getByRole('button', { name: '공부/교육' }).click();
  // By address: the title alone would also match the channel of a run beside this one.
  await expect(lives.locator(`a[href="/channels/${channelId}/live"]`)).toContainText('시험 기간 같이 공부해요 2부');

  // English labels, once, in the dark theme; the BJ ends the broadcast after confirming.
  await owner.context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await owner.page.evaluate(() => localStorage.setItem('flx_theme', 'DARK'));
  await owner.page.reload();
  await expect(owner.page.locator('html')).toHaveAttribute('data-theme', 'DARK');
  const en = owner.page.getByRole('region', { name: 'Manage broadcast' });
  await expect(en.getByRole('textbox', { name: 'Broadcast title' })).toHaveValue('시험 기간 같이 공부해요 2부');
  await expect(en.getByRole('combobox', { name: 'Broadcast theme' })).toHaveValue('6');
  await expect(en.getByLabel('Broadcast password (optional)')).toBeVisible();
  await expect(en.getByText('Leave it empty to keep the current password.')).toBeVisible();
  await expect(en.getByRole('checkbox', { name: 'Remove the password' })).toBeVisible();
  await expectMainAxeClean(owner.page);
  // Our confirm dialog (issue #39), not the browser's confirm().
  await en.getByRole('button', { name: 'End broadcast' }).click();
  const ask = owner.page.getByRole('alertdialog', { name: 'End the broadcast? It ends for every viewer.' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'End broadcast' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Your broadcast has ended.' })).toBeFocused();
  await expect(
    owner.page.getByRole('region', { name: 'Manage broadcast' }).getByText('You are not live.'),
  ).toBeVisible();
  await expect(owner.page.locator('.channel-header .badge-live')).toHaveCount(0);
  await expect(owner.page.getByRole('button', { name: 'Start broadcast' })).toBeVisible();
  await expectMainAxeClean(owner.page);
  // The encoder was cut with the end (and its retries are refused until the next start).
  expect(await encoder!.exited).not.toBe(0);
  encoder = null;

  const state = (await (await request.get(`/api/channels/${channelId}/live-time`)).json()) as { broadcasting: boolean };
  expect(state.broadcasting).toBe(false);
  await guest.page.goto(`/channels/${channelId}`);
  await expect(guest.page.getByText('지금은 방송 중이 아닙니다.')).toBeVisible();

  expect([...ownerCsp, ...viewerCsp, ...guestCsp]).toEqual([]);
  await Promise.all([owner.context.close(), viewer.context.close(), guest.context.close()]);
});
