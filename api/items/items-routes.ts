/**
 * Items (SPEC §3 item codes) under /api/my: holdings, using items in a channel (a gift of items,
 * announced like send-luv), the used-items history; buying items with luv under /api/shoppings;
 * and the lex (item 100) history partner pages read at /v4/api/asp/lex.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { listPage as listPageSchema, type ListPage } from '../../domain/answers/fields.ts';
import { giftSent } from '../../domain/answers/gifts.ts';
import {
  heldItem,
  itemCatalogue as itemCatalogueSchema,
  itemsBought,
  type HeldItem,
  type ItemCatalogue,
  type ItemsBought,
} from '../../domain/answers/items.ts';
import { giftLine, type GiftLine } from '../../domain/answers/wallet.ts';
import { itemProdName, itemPurchaseBody, itemUseBody } from '../../domain/schemas/items.ts';
import type { ApiEnv } from '../app-env.ts';
import { itemAsset } from '../ledger/accounts.ts';
import { itemUsable } from '../ledger/catalog.ts';
import { giftLines } from '../ledger/history.ts';
import { findItem, heldItems, itemCatalogue } from './item-catalogue.ts';
import { buyItems, itemPurchaseAccounts } from './item-flow.ts';
import { GIFT_TARGET_ERRORS, receiverOf, runGift } from '../gifts/gifts.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc, type RouteDoc } from '../http/openapi.ts';
import { body, idText, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';

/** Lex, the item partner (ASP) pages count. */
const LEX_ITEM_CODE = 100;

const GIFT_LINES = { description: '{ list, offset, limit }', schema: listPageSchema(giftLine) };

const useItemBody = () =>
  body(itemUseBody, {
    fields: { count: 'invalid_count', channelId: 'invalid_channel', message: 'invalid_message' },
    notObject: 'invalid_body',
  });

const USE_DOC: Omit<RouteDoc, 'summary'> = {
  tag: 'items',
  description: 'A gift of items to the channel’s BJ, announced in the channel’s chat like a gift of luv.',
  responses: { 200: { description: '{ transferId, channelId, amount, itemCode, balance }', schema: giftSent } },
  errors: ['invalid_count', 'item_not_found', 'item_not_usable', ...GIFT_TARGET_ERRORS, 'insufficient_items'],
  idempotent: true,
};

/** Uses `count` of the catalogue item `which` picks in the body's channel. */
async function useItem(
  c: Context<ApiEnv>,
  which: Parameters<typeof findItem>[1],
  input: v.InferOutput<typeof itemUseBody>,
): Promise<Response> {
  const item = await findItem(c.get('deps').database.db, which);
  if (!item) return fail(c, 'item_not_found');
  if (!itemUsable(item.kind)) return fail(c, 'item_not_usable');
  const receiver = await receiverOf(c.get('deps').channelOwners, input.channelId, me(c).id);
  if (!receiver.ok) return fail(c, receiver.code);
  const { channelId, count, message } = input;
  const gift = {
    fromMemberId: me(c).id,
    toMemberId: receiver.ownerId,
    channelId,
    asset: itemAsset(item.code),
    amount: count,
    message,
  };
  return runGift(c, 'use-item', { itemCode: item.code, channelId, count, message }, gift, item.code);
}

export const myItems = new Hono<ApiEnv>()
  .get(
    '/items',
    doc({
      tag: 'items',
      summary: 'Items I hold, by item code',
      responses: {
        200: { description: '{ list: [item & { count }], offset, limit }', schema: listPageSchema(heldItem) },
      },
    }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const held = await heldItems(c.get('deps').database.db, me(c).id, page);
      return c.json(listPage(held, page) satisfies ListPage<HeldItem>);
    },
  )
  .post(
    '/item/all-item/used',
    doc({
      tag: 'items',
      summary: 'Items I used, newest first (POST, as SPEC §7 lists it; it changes nothing)',
      responses: { 200: GIFT_LINES },
    }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const lines = await giftLines(c.get('deps').database.db, me(c).id, 'sent', 'item', page.offset, page.limit);
      return c.json(listPage(lines, page) satisfies ListPage<GiftLine>);
    },
  )
  .post(
    '/item/:id/use',
    doc({ ...USE_DOC, summary: 'Uses items of an item code in a channel' }),
    requireMember(),
    params(v.object({ id: idText }), { invalid: 'invalid_item' }),
    useItemBody(),
    async (c) => useItem(c, { code: c.req.valid('param').id }, c.req.valid('json')),
  )
  .post(
    '/useItems/:prodName',
    doc({ ...USE_DOC, summary: 'Uses items of a product name in a channel' }),
    requireMember(),
    params(v.object({ prodName: itemProdName }), { invalid: 'item_not_found' }),
    useItemBody(),
    async (c) => useItem(c, { prodName: c.req.valid('param').prodName }, c.req.valid('json')),
  );

export const itemShop = new Hono<ApiEnv>()
  .get(
    '/items',
    doc({
      tag: 'items',
      summary: 'The item catalogue with prices in luv',
      responses: { 200: { description: '{ items: [item & { usable }] }', schema: itemCatalogueSchema } },
    }),
    async (c) => c.json({ items: await itemCatalogue(c.get('deps').database.db) } satisfies ItemCatalogue),
  )
  .post(
    '/items/purchase',
    doc({
      tag: 'items',
      summary: 'Buys items with luv: the luv and the items move in one operation',
      responses: { 200: { description: '{ itemCode, count (held now), luv (balance now) }', schema: itemsBought } },
      errors: [
        'invalid_item',
        'invalid_count',
        'item_not_found',
        'item_not_usable',
        'insufficient_funds',
        'spending_cap_exceeded',
      ],
      idempotent: true,
    }),
    requireMember(),
    body(itemPurchaseBody, { fields: { itemCode: 'invalid_item', count: 'invalid_count' }, notObject: 'invalid_body' }),
    async (c) => {
      const { itemCode, count } = c.req.valid('json');
      const db = c.get('deps').database.db;
      const item = await findItem(db, { code: itemCode });
      if (!item) return fail(c, 'item_not_found');
      if (!itemUsable(item.kind)) return fail(c, 'item_not_usable');
      const memberId = me(c).id;
      const accounts = await itemPurchaseAccounts(c.get('deps').accountIds, memberId, item.code);
      return idempotent(c, 'buy-item', { itemCode: item.code, count }, async (tx) =>
        answerOf(
          await buyItems(tx, accounts, { memberId, itemCode: item.code, priceLuv: item.priceLuv, count }, new Date()),
          ({ ok: _ok, ...bought }) => bought satisfies ItemsBought,
        ),
      );
    },
  );

export const aspLex = new Hono<ApiEnv>().get(
  '/use/list',
  doc({ tag: 'items', summary: 'My uses of lex (item 100), for partner (ASP) pages', responses: { 200: GIFT_LINES } }),
  requireMember(),
  pageQuery(),
  async (c) => {
    const page = c.req.valid('query');
    const { db } = c.get('deps').database;
    const lines = await giftLines(db, me(c).id, 'sent', 'item', page.offset, page.limit, LEX_ITEM_CODE);
    return c.json(listPage(lines, page) satisfies ListPage<GiftLine>);
  },
);
