import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return { ...(await import('./items.ts')), $luvBalance: (await import('./luv.ts')).$luvBalance };
}

const item = (itemCode: number, nameKo: string, nameEn: string, kind = 'angel', usable = true) => ({
  itemCode,
  prodName: nameEn.toLowerCase(),
  nameKo,
  nameEn,
  kind,
  premium: false,
  priceLuv: 50,
  usable,
});
const catalogue = {
  body: {
    items: [
      item(100, '렉스', 'Lex', 'lex'),
      item(420, '만석 입장권 1일', 'Full-room pass (1 day)', 'pass', false),
      item(442, '천사', 'Angel'),
    ],
  },
};
const key = (c: { headers: Headers }) => c.headers.get('idempotency-key');

beforeEach(() => vi.unstubAllGlobals());

describe('items', () => {
  it('names items in the page’s language, lex by the brand’s word, and sells only the usable kinds', async () => {
    fakeApi({ 'GET /api/shoppings/items': catalogue });
    const s = await fresh();
    expect(s.itemName(s.$itemNames.get(), 442)).toBe('442');
    await s.loadItemCatalogue('en', 'coin');
    expect(s.itemName(s.$itemNames.get(), 442)).toBe('Angel');
    expect(s.itemName(s.$itemNames.get(), 100)).toBe('coin');
    expect(s.$shopItems.get().map((i) => i.itemCode)).toEqual([100, 442]);
  });

  it('a purchase sets the balance and the tray from the answer; a retry after no answer keeps its key', async () => {
    let first = true;
    const api = fakeApi({
      'GET /api/shoppings/items': catalogue,
      'GET /api/my/items': { body: { list: [], offset: 0, limit: 100 } },
      'POST /api/shoppings/items/purchase': () => {
        if (first) {
          first = false;
          return 'network';
        }
        return { body: { itemCode: 442, count: 2, luv: 900 } };
      },
    });
    const s = await fresh();
    await s.loadItemCatalogue('ko', '렉스');
    await s.loadHeldItems();
    expect(await s.buyItem(442, 2)).toBe(false);
    expect(await s.buyItem(442, 2)).toBe(true);
    const keys = api.callsTo('POST /api/shoppings/items/purchase').map(key);
    expect(keys[0]).toBe(keys[1]);
    expect(s.$luvBalance.get()).toBe(900);
    expect(s.$items.get().held).toEqual([expect.objectContaining({ itemCode: 442, count: 2, nameKo: '천사' })]);
    expect(s.$items.get().done).toEqual({ action: 'bought', itemCode: 442, count: 2 });
  });

  it('using items sends the channel, count and trimmed message; what is left stays in the tray, none left leaves it', async () => {
    const api = fakeApi({
      'GET /api/shoppings/items': catalogue,
      'GET /api/my/items': { body: { list: [{ ...item(442, '천사', 'Angel'), count: 3 }], offset: 0, limit: 100 } },
      'POST /api/my/item/442/use': (call) => ({ body: { balance: 3 - (call.body as { count: number }).count } }),
    });
    const s = await fresh();
    await s.loadItemCatalogue('ko', '렉스');
    await s.loadHeldItems();
    expect(await s.useItemIn(7, 442, 1, '  응원해요 ')).toBe(true);
    expect(api.callsTo('POST /api/my/item/442/use')[0]!.body).toEqual({ channelId: 7, count: 1, message: '응원해요' });
    expect(s.$items.get().held).toEqual([expect.objectContaining({ itemCode: 442, count: 2 })]);
    expect(await s.useItemIn(7, 442, 3, '')).toBe(true);
    expect(s.$items.get().held).toEqual([]);
    const keys = api.callsTo('POST /api/my/item/442/use').map(key);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a refusal is kept for the page to show and changes nothing held', async () => {
    fakeApi({
      'GET /api/my/items': { body: { list: [{ ...item(442, '천사', 'Angel'), count: 1 }], offset: 0, limit: 100 } },
      'POST /api/my/item/442/use': refusal(409, 'insufficient_items', '이 아이템을 그만큼 가지고 있지 않습니다.'),
    });
    const s = await fresh();
    await s.loadHeldItems();
    expect(await s.useItemIn(7, 442, 1, '')).toBe(false);
    expect(s.$items.get()).toMatchObject({
      busy: false,
      failure: { code: 'insufficient_items' },
      held: [{ itemCode: 442, count: 1 }],
    });
  });

  it('holdings that cannot be read leave the tray unknown with the failure; a retry clears it', async () => {
    const api = fakeApi({ 'GET /api/my/items': 'network' });
    const s = await fresh();
    await s.loadHeldItems();
    expect(s.$items.get()).toMatchObject({ held: null, loadFailure: { status: 0 } });
    api.answer('GET /api/my/items', { body: { list: [], offset: 0, limit: 100 } });
    await s.loadHeldItems();
    expect(s.$items.get()).toMatchObject({ held: [], loadFailure: null });
  });

  it('counts are whole numbers from 1 to the item count limit', async () => {
    const s = await fresh();
    expect(['1', '1000'].map((t) => s.itemCount(t).valid)).toEqual([true, true]);
    expect(['0', '1001', '1.5', '-1', '', 'a'].map((t) => s.itemCount(t).valid)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
