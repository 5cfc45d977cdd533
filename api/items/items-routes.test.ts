import { demoChannelId } from '../db/seed.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp({ checkLedger: true });
let channelId: number;
beforeAll(async () => {
  channelId = await demoChannelId(t.database.db);
});
/** The gift announcements the routes published. */
const gifts = () => t.published.flatMap((e) => (e.type === 'gift' ? [{ room: e.room, ...e.data }] : []));

const held = async (loginId: string, code: number) =>
  ((await t.as(loginId)('GET', '/api/my/items?limit=100')).body.list as { itemCode: number; count: number }[]).find(
    (i) => i.itemCode === code,
  )?.count ?? 0;

describe('items', () => {
  it('lists the seeded holdings with their SPEC §3 codes', async () => {
    const res = await t.as('viewer01')('GET', '/api/my/items');
    expect(res.body.list).toContainEqual(expect.objectContaining({ itemCode: 442, prodName: 'angel', count: 5 }));
    expect(res.body.list).toContainEqual(expect.objectContaining({ itemCode: 100, count: 100 }));
  });

  it('uses items in a channel by code and by product name, announcing each once', async () => {
    const byCode = await t.as('viewer01')(
      'POST',
      '/api/my/item/442/use',
      { channelId, count: 2, message: 'angel!' },
      { 'idempotency-key': 'i-1' },
    );
    expect(byCode.status).toBe(200);
    expect(
      await t.as('viewer01')(
        'POST',
        '/api/my/item/442/use',
        { channelId, count: 2, message: 'angel!' },
        { 'idempotency-key': 'i-1' },
      ),
    ).toEqual(byCode);
    const byName = await t.as('viewer01')(
      'POST',
      '/api/my/useItems/angel',
      { channelId, count: 1 },
      { 'idempotency-key': 'i-2' },
    );
    expect(byName.status).toBe(200);
    expect(await held('viewer01', 442)).toBe(2);
    expect(gifts().filter((e) => e.kind === 'item' && e.itemCode === 442)).toEqual([
      expect.objectContaining({
        room: String(channelId),
        amount: 2,
        message: 'angel!',
        loginId: 'viewer01',
        transferId: byCode.body.transferId,
      }),
      expect.objectContaining({ amount: 1, message: '', transferId: byName.body.transferId }),
    ]);
    expect((await t.as('bj0001')('GET', '/api/my/luv/receiveditem-list')).body.list[0]).toMatchObject({
      itemCode: 442,
      amount: 1,
      loginId: 'viewer01',
    });
    expect((await t.as('viewer01')('GET', '/api/my/luv/sentitem-list')).body.list.length).toBeGreaterThanOrEqual(2);
    expect((await t.as('viewer01')('POST', '/api/my/item/all-item/used')).body.list).toHaveLength(2);
    expect((await t.as('bj0001')('GET', '/api/my/luv/items-sum')).body).toEqual({ received: 3, sent: 0 });
  });

  it('lists lex uses for partner pages at /v4/api/asp/lex/use/list', async () => {
    expect(
      (await t.as('viewer01')('POST', '/api/my/item/100/use', { channelId, count: 3 }, { 'idempotency-key': 'lex-1' }))
        .status,
    ).toBe(200);
    const res = await t.as('viewer01')('GET', '/v4/api/asp/lex/use/list');
    expect(res.body.list).toEqual([expect.objectContaining({ itemCode: 100, amount: 3 })]);
    expect((await t.as(null)('GET', '/v4/api/asp/lex/use/list')).status).toBe(401);
  });

  it('refuses using more than held (409), unknown items (404) and bad counts (400)', async () => {
    expect(
      (await t.as('viewer01')('POST', '/api/my/item/442/use', { channelId, count: 3 }, { 'idempotency-key': 'i-3' }))
        .status,
    ).toBe(409);
    expect(
      (await t.as('viewer01')('POST', '/api/my/item/9999/use', { channelId }, { 'idempotency-key': 'i-4' })).status,
    ).toBe(404);
    expect(
      (await t.as('viewer01')('POST', '/api/my/useItems/nope', { channelId }, { 'idempotency-key': 'i-5' })).status,
    ).toBe(404);
    for (const count of [0, -1, 1.5, '2'])
      expect(
        (
          await t.as('viewer01')(
            'POST',
            '/api/my/item/442/use',
            { channelId, count },
            { 'idempotency-key': `i-bad-${count}` },
          )
        ).status,
      ).toBe(400);
    expect(
      (await t.as('bj0001')('POST', '/api/my/item/442/use', { channelId }, { 'idempotency-key': 'i-self' })).status,
    ).toBe(400);
    expect(await held('viewer01', 442)).toBe(2);
  });

  it('buys items for luv in one transaction', async () => {
    const luv0 = (await t.as('viewer02')('GET', '/api/my/luv/luv-sum')).body.luv;
    const res = await t.as('viewer02')(
      'POST',
      '/api/shoppings/items/purchase',
      { itemCode: 442, count: 3 },
      { 'idempotency-key': 'b-1' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ itemCode: 442, count: 3, luv: luv0 - 150 });
    expect(await held('viewer02', 442)).toBe(3);
    const poor = await t.as('viewer02')(
      'POST',
      '/api/shoppings/items/purchase',
      { itemCode: 1002, count: 1000 },
      { 'idempotency-key': 'b-2' },
    );
    expect(poor.status).toBe(409);
    expect(poor.body.error).toBe('insufficient_funds');
    expect(await held('viewer02', 1002)).toBe(0);
    expect(
      (await t.as(null)('GET', '/api/shoppings/items')).body.items.map((i: { itemCode: number }) => i.itemCode),
    ).toEqual(expect.arrayContaining([100, 420, 421, 422, 440, 441, 442, 448, 450, 451, 452, 700, 701, 702, 703, 704]));
  });

  it(
    'lists the catalogue-only kinds (full-room pass, random box, subscription item) as not usable, and neither ' +
      'sells nor uses them',
    async () => {
      const items = (await t.as(null)('GET', '/api/shoppings/items')).body.items as {
        itemCode: number;
        kind: string;
        usable: boolean;
      }[];
      const usable = (code: number) => items.find((i) => i.itemCode === code)!.usable;
      for (const code of [420, 421, 422, 450, 451, 452, 700, 701, 702, 703, 704])
        expect(usable(code), `item ${code}`).toBe(false);
      for (const code of [100, 440, 441, 442, 448, 1001, 1002]) expect(usable(code), `item ${code}`).toBe(true);
      const luv0 = (await t.as('viewer02')('GET', '/api/my/luv/luv-sum')).body.luv;
      const buy = await t.as('viewer02')(
        'POST',
        '/api/shoppings/items/purchase',
        { itemCode: 450, count: 1 },
        { 'idempotency-key': 'b-cat' },
      );
      expect(buy.status).toBe(409);
      expect(buy.body.error).toBe('item_not_usable');
      expect((await t.as('viewer02')('GET', '/api/my/luv/luv-sum')).body.luv).toBe(luv0);
      const use = await t.as('viewer02')(
        'POST',
        '/api/my/useItems/fullroom-pass-1d',
        { channelId },
        { 'idempotency-key': 'u-cat', 'accept-language': 'en' },
      );
      expect(use.status).toBe(409);
      expect(use.body).toMatchObject({
        error: 'item_not_usable',
        error_msg: 'This item is listed in the catalogue only; it cannot be bought or used.',
      });
    },
  );
});
