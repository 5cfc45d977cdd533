/**
 * Items on the live page (docs/LEDGER.md "Item kinds"): a viewer buys items with luv in the item
 * shop, uses them on the broadcast from the item tray, everyone in the room reads the gift by the
 * item's name, and My items shows the totals and the history. Results are checked through the API.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { channelOf, chatList, expectMainAxeClean, openLive, openLiveAsNewMember } from './channel-fixtures.ts';

// viewer02's luv and items change only here: its tests run one after another and read exact figures.
test.describe.configure({ mode: 'serial' });

const luvOf = async (request: APIRequestContext) =>
  ((await (await request.get('/api/my/luv/luv-sum')).json()) as { luv: number }).luv;
const heldOf = async (request: APIRequestContext, code: number) =>
  (
    (await (await request.get('/api/my/items?limit=100')).json()) as { list: { itemCode: number; count: number }[] }
  ).list.find((i) => i.itemCode === code)?.count ?? 0;
const itemsSum = async (request: APIRequestContext) =>
  (await (await request.get('/api/my/luv/items-sum')).json()) as { received: number; sent: number };

/** No sideways scrolling at the page's width (a 375 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test('ko: buy angels in the item shop, use them on the broadcast, the room reads it, My items adds it up', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0001');
  const watcher = await openLive(browser, null, channelId, 'ko');
  await expect(watcher.page.getByText('채팅 연결됨')).toBeVisible();
  const { context, page } = await openLive(browser, 'viewer02', channelId, 'ko');
  const luv0 = await luvOf(page.request);
  const angels0 = await heldOf(page.request, 442);
  const sum0 = await itemsSum(page.request);

  const tray = page.getByRole('region', { name: '아이템' });
  await expect(tray.getByRole('combobox', { name: '사용할 아이템' })).toBeVisible();
  await tray.getByRole('button', { name: '아이템 상점' }).click();
  const shop = page.getByRole('dialog', { name: '아이템 상점' });
  await expect(shop.getByTestId('items-shop-balance')).toHaveText(luv0.toLocaleString('ko-KR'));
  // Catalogue-only kinds are not on sale.
  await expect(shop.getByRole('radio', { name: /만석 입장권/ })).toHaveCount(0);
  await expect(shop.getByRole('radio', { name: /랜덤 박스/ })).toHaveCount(0);
  await shop.getByRole('radio', { name: '천사 · 50 러브' }).check();
  await shop.getByRole('spinbutton', { name: '개수' }).fill('2');
  await expect(shop.getByText('합계 100 러브')).toBeVisible();
  await shop.getByRole('button', { name: '구매하기' }).click();
  await expect(shop.getByRole('status')).toHaveText('천사 2개를 구매했습니다.');
  await expect(shop.getByTestId('items-shop-balance')).toHaveText((luv0 - 100).toLocaleString('ko-KR'));
  expect(await luvOf(page.request)).toBe(luv0 - 100);
  expect(await heldOf(page.request, 442)).toBe(angels0 + 2);
  await page.keyboard.press('Escape');
  await expect(shop).toHaveCount(0);
  await expect(tray.getByRole('button', { name: '아이템 상점' })).toBeFocused();

  // The tray follows the purchase; used from the keyboard: pick, type, Enter.
  const pick = tray.getByRole('combobox', { name: '사용할 아이템' });
  await pick.selectOption({ label: `천사 (${angels0 + 2}개 보유)` });
  await tray.getByRole('spinbutton', { name: '개수' }).fill('2');
  await tray.getByRole('textbox', { name: '메시지 (선택)' }).fill('e2e 천사');
  await tray.getByRole('textbox', { name: '메시지 (선택)' }).press('Enter');
  await expect(tray.getByRole('status')).toHaveText('천사 2개를 사용했습니다.');
  expect(await heldOf(page.request, 442)).toBe(angels0);
  expect((await itemsSum(page.request)).sent).toBe(sum0.sent + 2);
  await expectMainAxeClean(page);

  // Everyone in the room reads the gift by the item's name.
  await expect(chatList(watcher.page).getByText('시청자02님이 천사 2개를 선물했습니다.').last()).toBeVisible();
  await expect(chatList(page).getByText('시청자02님이 천사 2개를 선물했습니다.').last()).toBeVisible();
  await watcher.context.close();

  await page.goto('/my/items');
  const totals = page.getByRole('region', { name: '아이템 합계' });
  await expect(totals.getByTestId('items-sum-sent')).toHaveText(`${(sum0.sent + 2).toLocaleString('ko-KR')}개`);
  const used = page.getByRole('region', { name: '사용한 아이템' });
  await expect(used.getByRole('listitem').first()).toContainText('e2e 천사');
  await expect(used.getByRole('listitem').first()).toContainText('천사 × 2');
  await expect(page.getByText('아이템은 방송 화면에서 사용할 수 있습니다.')).toBeVisible();
  await expectMainAxeClean(page);
  await context.close();
});

test('en on a 375 px phone: buy and use an item, the API agrees, nothing scrolls sideways', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0001');
  const { context, page } = await openLive(browser, 'viewer02', channelId, 'en');
  await page.setViewportSize({ width: 375, height: 740 });
  const luv0 = await luvOf(page.request);
  const cheers0 = await heldOf(page.request, 440);

  const tray = page.getByRole('region', { name: 'Items' });
  await tray.getByRole('button', { name: 'Item shop' }).click();
  const shop = page.getByRole('dialog', { name: 'Item shop' });
  await shop.getByRole('radio', { name: 'Automatic cheer · 10 luv' }).check();
  await shop.getByRole('spinbutton', { name: 'How many' }).fill('3');
  await expect(shop.getByText('Total: 30 luv')).toBeVisible();
  await expectMainAxeClean(page);
  expect(await shop.evaluate((d) => d.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
  await shop.getByRole('button', { name: 'Buy' }).click();
  await expect(shop.getByRole('status')).toHaveText('You bought 3 × Automatic cheer.');
  expect(await luvOf(page.request)).toBe(luv0 - 30);
  await shop.getByRole('button', { name: 'Close' }).click();

  await tray
    .getByRole('combobox', { name: 'Item to use' })
    .selectOption({ label: `Automatic cheer (${cheers0 + 3} held)` });
  await tray.getByRole('spinbutton', { name: 'How many' }).fill('1');
  await tray.getByRole('button', { name: 'Use on this broadcast' }).click();
  await expect(tray.getByRole('status')).toHaveText('You used 1 × Automatic cheer.');
  expect(await heldOf(page.request, 440)).toBe(cheers0 + 2);
  await expect(
    page.getByRole('list', { name: 'Chat messages' }).getByText('시청자02 sent 1 × Automatic cheer.').last(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);

  // More than held: the form says so and does not send.
  await tray.getByRole('spinbutton', { name: 'How many' }).fill(String(cheers0 + 3));
  await expect(tray.getByText(`Enter a number from 1 to ${cheers0 + 2}.`)).toBeVisible();
  await expect(tray.getByRole('button', { name: 'Use on this broadcast' })).toBeDisabled();
  await context.close();
});

test('ko: a guest is asked to sign in; a new member sees the empty tray and a refused purchase', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0001');
  const guest = await openLive(browser, null, channelId, 'ko');
  const guestTray = guest.page.getByRole('region', { name: '아이템' });
  await expect(guestTray.getByText('로그인하면 아이템을 구매해 이 방송에서 사용할 수 있습니다.')).toBeVisible();
  await guestTray.getByRole('button', { name: '아이템 상점' }).click();
  await expect(guest.page.getByRole('dialog', { name: '회원 전용' })).toBeVisible();
  await guest.context.close();

  const member = await openLiveAsNewMember(browser, channelId, 'it');
  const page = member.page;
  const tray = page.getByRole('region', { name: '아이템' });
  await expect(tray.getByText('보유한 아이템이 없습니다. 아이템 상점에서 구매할 수 있습니다.')).toBeVisible();

  await tray.getByRole('button', { name: '아이템 상점' }).click();
  const shop = page.getByRole('dialog', { name: '아이템 상점' });
  await expect(shop.getByTestId('items-shop-balance')).toHaveText('0');
  await shop.getByRole('button', { name: '구매하기' }).click();
  await expect(shop.getByRole('alert')).toHaveText('러브 잔액이 부족합니다. 러브 충전 후 다시 시도해 주세요.');
  expect(await heldOf(page.request, 100)).toBe(0);
  await shop.getByRole('button', { name: '닫기' }).click();
  await member.context.close();
});

test('ko: when the holdings cannot be read the tray says so, and the retry reads them', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0001');
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: 'ko', url: test.info().project.use.baseURL! }]);
  let failed = false;
  await context.route(/\/api\/my\/items\?/, (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort();
  });
  const page = await context.newPage();
  const res = await page.request.post('/v2/api/auth/signin', {
    data: { loginId: 'viewer01', password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/channels/${channelId}/live`);
  const tray = page.getByRole('region', { name: '아이템' });
  await expect(tray.getByRole('alert')).toBeVisible();
  await tray.getByRole('button', { name: '다시 시도' }).click();
  await expect(tray.getByRole('combobox', { name: '사용할 아이템' })).toBeVisible();
  await context.close();
});
