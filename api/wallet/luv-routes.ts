/**
 * My luv under /api/my/luv: the balance (`luv-sum` → `{ luv }`), received and sent gifts with
 * their sums and a daily series for the chart, the item sums, and the coupons I redeemed.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { listPage as listPageSchema, type ListPage } from '../../domain/answers/fields.ts';
import {
  giftLine,
  itemsSum as itemsSumSchema,
  luvBalance,
  receivedLuv as receivedLuvSchema,
  receivedLuvSum as receivedLuvSumSchema,
  redeemedCoupon,
  sentLuvSum,
  type GiftLine,
  type ItemsSum,
  type LuvBalance,
  type ReceivedLuv,
  type ReceivedLuvSum,
  type RedeemedCoupon,
  type SentLuvSum,
} from '../../domain/answers/wallet.ts';
import { RECEIVED_SUM_DAYS_MAX } from '../../domain/limits.ts';
import { wholeNumberText } from '../../domain/schemas/money.ts';
import type { ApiEnv } from '../app-env.ts';
import { AccountKind, LUV, balanceOf } from '../ledger/accounts.ts';
import { giftLines, giftSum } from '../ledger/history.ts';
import { itemsSum, receivedLuv, receivedLuvSum } from './luv-sums.ts';
import { redeemedCoupons } from './redeemed-coupons.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';

const daysQuery = v.object({ days: v.optional(wholeNumberText(RECEIVED_SUM_DAYS_MAX), '30') });
const GIFT_LINES = { description: '{ list, offset, limit }', schema: listPageSchema(giftLine) };

export const myLuv = new Hono<ApiEnv>()
  .get(
    '/luv-sum',
    doc({ tag: 'luv', summary: 'My luv balance', responses: { 200: { description: '{ luv }', schema: luvBalance } } }),
    requireMember(),
    async (c) => {
      const luv = await balanceOf(c.get('deps').database.db, AccountKind.wallet, me(c).id, LUV);
      return c.json({ luv } satisfies LuvBalance);
    },
  )
  .get(
    '/coupons',
    doc({
      tag: 'luv',
      summary: 'Coupons I redeemed and the luv each credited, newest first',
      responses: {
        200: {
          description: '{ list: [{ code, luv, usedAt }], offset, limit }',
          schema: listPageSchema(redeemedCoupon),
        },
      },
    }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const list = await redeemedCoupons(c.get('deps').database.db, me(c).id, page);
      return c.json(listPage(list, page) satisfies ListPage<RedeemedCoupon>);
    },
  )
  .get(
    '/received',
    doc({
      tag: 'luv',
      summary: 'What a BJ holds: received luv that can be withdrawn, and luv held by waiting withdrawals',
      responses: { 200: { description: '{ luv, pending }', schema: receivedLuvSchema } },
    }),
    requireMember(),
    async (c) => c.json((await receivedLuv(c.get('deps').database.db, me(c).id)) satisfies ReceivedLuv),
  )
  .get(
    '/receivedluv-list',
    doc({ tag: 'luv', summary: 'Luv gifts I received, newest first', responses: { 200: GIFT_LINES } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const lines = await giftLines(c.get('deps').database.db, me(c).id, 'received', 'luv', page.offset, page.limit);
      return c.json(listPage(lines, page) satisfies ListPage<GiftLine>);
    },
  )
  .get(
    '/sentluv-list',
    doc({ tag: 'luv', summary: 'Luv gifts I sent, newest first', responses: { 200: GIFT_LINES } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const lines = await giftLines(c.get('deps').database.db, me(c).id, 'sent', 'luv', page.offset, page.limit);
      return c.json(listPage(lines, page) satisfies ListPage<GiftLine>);
    },
  )
  .get(
    '/receiveditem-list',
    doc({ tag: 'luv', summary: 'Items used for me, newest first', responses: { 200: GIFT_LINES } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const lines = await giftLines(c.get('deps').database.db, me(c).id, 'received', 'item', page.offset, page.limit);
      return c.json(listPage(lines, page) satisfies ListPage<GiftLine>);
    },
  )
  .get(
    '/sentitem-list',
    doc({ tag: 'luv', summary: 'Items I used in channels, newest first', responses: { 200: GIFT_LINES } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const lines = await giftLines(c.get('deps').database.db, me(c).id, 'sent', 'item', page.offset, page.limit);
      return c.json(listPage(lines, page) satisfies ListPage<GiftLine>);
    },
  )
  .get(
    '/receivedluv-sum',
    doc({
      tag: 'luv',
      summary:
        'Received luv in total, today and this month (Korean calendar), and per day for the last `days` days ' +
        '(default 30)',
      responses: {
        200: { description: '{ total, today, month, daily: [{ day, luv }] }', schema: receivedLuvSumSchema },
      },
    }),
    requireMember(),
    query(daysQuery, { invalid: 'invalid_days' }),
    async (c) => {
      const { days } = c.req.valid('query');
      const sum = await receivedLuvSum(c.get('deps').database.db, me(c).id, days, new Date());
      return c.json(sum satisfies ReceivedLuvSum);
    },
  )
  .get(
    '/sentluv-sum',
    doc({
      tag: 'luv',
      summary: 'Luv I gave in total, and in how many gifts',
      responses: { 200: { description: '{ total, count }', schema: sentLuvSum } },
    }),
    requireMember(),
    async (c) => {
      const s = await giftSum(c.get('deps').database.db, me(c).id, 'sent', 'luv');
      return c.json({ total: s.total, count: s.count } satisfies SentLuvSum);
    },
  )
  .get(
    '/items-sum',
    doc({
      tag: 'luv',
      summary: 'Items used for me and by me, in total',
      responses: { 200: { description: '{ received, sent }', schema: itemsSumSchema } },
    }),
    requireMember(),
    async (c) => c.json((await itemsSum(c.get('deps').database.db, me(c).id)) satisfies ItemsSum),
  );
