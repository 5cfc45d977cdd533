/**
 * Items (SPEC §3 item codes) under /api/my: holdings, using items in a channel (a gift of items,
 * announced like send-luv), the used-items history, and buying items with luv under /api/shoppings.
 */
import { Hono } from 'hono';
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { itemCatalog, ledgerAccounts } from '../../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId, itemAsset } from '../../ledger/accounts.ts';
import { parseAmount } from '../../ledger/amount.ts';
import { checkSpendCap } from '../../ledger/caps.ts';
import { giftLines } from '../../ledger/history.ts';
import { ITEM_COUNT_MAX } from '../../ledger/settings.ts';
import { postTransfers } from '../../ledger/transfer.ts';
import { giftTarget, runGift } from '../channels/gifts.ts';
import { answer, fail, idempotent, parseId, readObject, reason, refusal, type Ctx, memberOnce } from './luv-http.ts';
import { listPage } from './luv-lists.ts';

type Item = typeof itemCatalog.$inferSelect;
const itemView = (i: Item) => ({
  itemCode: i.code,
  prodName: i.prodName,
  nameKo: i.nameKo,
  nameEn: i.nameEn,
  kind: i.kind,
  premium: i.premium,
  priceLuv: i.priceLuv,
});

export const myItems = new Hono<ApiEnv>();
// Per path, not '*': this router shares /api/my with other resources, some open to guests.
for (const path of ['/items', '/item/*', '/useItems/*']) myItems.use(path, memberOnce());

myItems.get('/items', (c) =>
  listPage(c, async (db, offset, limit) => {
    const rows = await db
      .select({ asset: ledgerAccounts.asset, count: ledgerAccounts.balance, item: itemCatalog })
      .from(ledgerAccounts)
      .innerJoin(itemCatalog, eq(ledgerAccounts.asset, sql`'item:' || ${itemCatalog.code}`))
      .where(
        and(
          eq(ledgerAccounts.kind, AccountKind.wallet),
          eq(ledgerAccounts.ownerId, c.get('member')!.id),
          like(ledgerAccounts.asset, 'item:%'),
          gt(ledgerAccounts.balance, 0),
        ),
      )
      .orderBy(asc(itemCatalog.code))
      .offset(offset)
      .limit(limit);
    return rows.map((r) => ({ ...itemView(r.item), count: r.count }));
  }),
);

/** History of the items this member used (POST, as SPEC §7 lists it; it changes nothing). */
myItems.post('/item/all-item/used', (c) => listPage(c, (db, o, l) => giftLines(db, c.get('member')!.id, 'sent', 'item', o, l)));

async function useItem(c: Ctx, item: Item | undefined) {
  if (!item) return fail(c, 404, 'item_not_found', 'No such item.');
  const body = await readObject(c);
  if (!body) return fail(c, 400, 'invalid_body', 'Send a JSON object.');
  const count = body.count === undefined ? 1 : parseAmount(body.count, ITEM_COUNT_MAX);
  if (count === null) return fail(c, 400, 'invalid_count', `count must be a whole number from 1 to ${ITEM_COUNT_MAX}.`);
  const target = await giftTarget(c, body);
  if (target instanceof Response) return target;
  const input = {
    fromMemberId: c.get('member')!.id,
    toMemberId: target.ownerId,
    channelId: target.channelId,
    asset: itemAsset(item.code),
    amount: count,
    message: target.message,
  };
  return runGift(c, 'use-item', { itemCode: item.code, channelId: target.channelId, count, message: target.message }, input, item.code);
}

myItems.post('/item/:id/use', async (c) => {
  const code = parseId(c.req.param('id'));
  if (code === null) return fail(c, 400, 'invalid_item', 'The item id must be an item code.');
  const [item] = await c.get('deps').database.db.select().from(itemCatalog).where(eq(itemCatalog.code, code));
  return useItem(c, item);
});

myItems.post('/useItems/:prodName', async (c) => {
  const [item] = await c
    .get('deps')
    .database.db.select()
    .from(itemCatalog)
    .where(eq(itemCatalog.prodName, c.req.param('prodName').slice(0, 64)));
  return useItem(c, item);
});

export const itemShop = new Hono<ApiEnv>();

itemShop.get('/items', async (c) =>
  c.json({ items: (await c.get('deps').database.db.select().from(itemCatalog).orderBy(asc(itemCatalog.code))).map(itemView) }),
);

/** Buys `count` items for luv: wallet luv → platform revenue, and item stock → the wallet, in one transaction. */
itemShop.post('/items/purchase', memberOnce(), async (c) => {
  const body = await readObject(c);
  if (!body) return fail(c, 400, 'invalid_body', 'Send a JSON object.');
  const count = body.count === undefined ? 1 : parseAmount(body.count, ITEM_COUNT_MAX);
  if (count === null) return fail(c, 400, 'invalid_count', `count must be a whole number from 1 to ${ITEM_COUNT_MAX}.`);
  const code = typeof body.itemCode === 'number' && Number.isSafeInteger(body.itemCode) ? body.itemCode : null;
  const db = c.get('deps').database.db;
  const [item] = code === null ? [] : await db.select().from(itemCatalog).where(eq(itemCatalog.code, code));
  if (!item) return fail(c, 404, 'item_not_found', 'No such item.');
  const member = c.get('member')!;
  const wallet = await accountId(db, AccountKind.wallet, member.id, LUV);
  const revenue = await accountId(db, AccountKind.platformRevenue, SYSTEM, LUV);
  const stock = await accountId(db, AccountKind.issuance, SYSTEM, itemAsset(item.code));
  const holding = await accountId(db, AccountKind.wallet, member.id, itemAsset(item.code));
  return idempotent(c, 'buy-item', { itemCode: item.code, count }, async (tx) => {
    const ref = `item-purchase:${item.code}`;
    const posted = await postTransfers(tx, [
      { debit: wallet, credit: revenue, amount: item.priceLuv * count, asset: LUV, code: TransferCode.itemPurchase, ref },
      { debit: stock, credit: holding, amount: count, asset: itemAsset(item.code), code: TransferCode.itemIssue, ref },
    ]);
    if (!posted.ok) return refusal(409, 'insufficient_funds', reason(c, 'insufficient_funds'));
    const cap = await checkSpendCap(tx, member.id, wallet, new Date());
    if (!cap.ok)
      return refusal(409, 'spending_cap_exceeded', reason(c, cap.period === 'daily' ? 'spending_cap_daily' : 'spending_cap_monthly'), {
        period: cap.period,
        capLuv: cap.capLuv,
      });
    return answer(200, { itemCode: item.code, count: posted.balances.get(holding)!, luv: posted.balances.get(wallet)! });
  });
});

/** `GET /v4/api/asp/lex/use/list` (SPEC §7): the member's uses of lex (item 100), for partner (ASP) pages. */
export const aspLex = new Hono<ApiEnv>();
aspLex.get('/use/list', memberOnce(), (c) => listPage(c, (db, offset, limit) => giftLines(db, c.get('member')!.id, 'sent', 'item', offset, limit, 100)));
