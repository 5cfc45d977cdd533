/**
 * My luv under /api/my/luv: the balance (`luv-sum` → `{ luv }`), received and sent gifts with
 * their sums and a daily series for the chart, the item sums, and the coupons I redeemed.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { RECEIVED_SUM_DAYS_MAX } from '../../domain/limits.ts';
import { wholeNumberText } from '../../domain/schemas/money.ts';
import type { ApiEnv } from '../app-env.ts';
import { coupons } from '../db/schema/index.ts';
import { AccountKind, LUV, balanceOf } from '../ledger/accounts.ts';
import { periodStarts } from '../ledger/caps.ts';
import { giftLines, giftSum, receivedDaily } from '../ledger/history.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';

const daysQuery = v.object({ days: v.optional(wholeNumberText(RECEIVED_SUM_DAYS_MAX), '30') });

export const myLuv = new Hono<ApiEnv>()
  .get('/luv-sum', doc({ tag: 'luv', summary: 'My luv balance', responses: { 200: '{ luv }' } }), requireMember(), async (c) =>
    c.json({ luv: await balanceOf(c.get('deps').database.db, AccountKind.wallet, me(c).id, LUV) }),
  )
  .get(
    '/coupons',
    doc({
      tag: 'luv',
      summary: 'Coupons I redeemed and the luv each credited, newest first',
      responses: { 200: '{ list: [{ code, luv, usedAt }], offset, limit }' },
    }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const rows = await c
        .get('deps')
        .database.db.select({ code: coupons.code, luv: coupons.luv, usedAt: coupons.usedAt })
        .from(coupons)
        .where(and(eq(coupons.usedBy, me(c).id), isNotNull(coupons.usedAt)))
        .orderBy(desc(coupons.usedAt))
        .offset(page.offset)
        .limit(page.limit);
      return c.json(
        listPage(
          rows.map((r) => ({ code: r.code, luv: r.luv, usedAt: r.usedAt!.toISOString() })),
          page,
        ),
      );
    },
  )
  .get(
    '/received',
    doc({
      tag: 'luv',
      summary: 'What a BJ holds: received luv that can be withdrawn, and luv held by waiting withdrawals',
      responses: { 200: '{ luv, pending }' },
    }),
    requireMember(),
    async (c) => {
      const db = c.get('deps').database.db;
      const id = me(c).id;
      return c.json({ luv: await balanceOf(db, AccountKind.bjReceived, id, LUV), pending: await balanceOf(db, AccountKind.withdrawalPending, id, LUV) });
    },
  )
  .get(
    '/receivedluv-list',
    doc({ tag: 'luv', summary: 'Luv gifts I received, newest first', responses: { 200: '{ list, offset, limit }' } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      return c.json(listPage(await giftLines(c.get('deps').database.db, me(c).id, 'received', 'luv', page.offset, page.limit), page));
    },
  )
  .get(
    '/sentluv-list',
    doc({ tag: 'luv', summary: 'Luv gifts I sent, newest first', responses: { 200: '{ list, offset, limit }' } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      return c.json(listPage(await giftLines(c.get('deps').database.db, me(c).id, 'sent', 'luv', page.offset, page.limit), page));
    },
  )
  .get(
    '/receiveditem-list',
    doc({ tag: 'luv', summary: 'Items used for me, newest first', responses: { 200: '{ list, offset, limit }' } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      return c.json(listPage(await giftLines(c.get('deps').database.db, me(c).id, 'received', 'item', page.offset, page.limit), page));
    },
  )
  .get(
    '/sentitem-list',
    doc({ tag: 'luv', summary: 'Items I used in channels, newest first', responses: { 200: '{ list, offset, limit }' } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      return c.json(listPage(await giftLines(c.get('deps').database.db, me(c).id, 'sent', 'item', page.offset, page.limit), page));
    },
  )
  .get(
    '/receivedluv-sum',
    doc({
      tag: 'luv',
      summary: 'Received luv in total, today and this month (Korean calendar), and per day for the last `days` days (default 30)',
      responses: { 200: '{ total, today, month, daily: [{ day, luv }] }' },
    }),
    requireMember(),
    query(daysQuery, { invalid: 'invalid_days' }),
    async (c) => {
      const { days } = c.req.valid('query');
      const db = c.get('deps').database.db;
      const id = me(c).id;
      const now = new Date();
      const { day, month } = periodStarts(now);
      return c.json({
        total: (await giftSum(db, id, 'received', 'luv')).total,
        today: (await giftSum(db, id, 'received', 'luv', day)).total,
        month: (await giftSum(db, id, 'received', 'luv', month)).total,
        daily: await receivedDaily(db, id, days, now),
      });
    },
  )
  .get(
    '/sentluv-sum',
    doc({ tag: 'luv', summary: 'Luv I gave in total, and in how many gifts', responses: { 200: '{ total, count }' } }),
    requireMember(),
    async (c) => {
      const s = await giftSum(c.get('deps').database.db, me(c).id, 'sent', 'luv');
      return c.json({ total: s.total, count: s.count });
    },
  )
  .get(
    '/items-sum',
    doc({ tag: 'luv', summary: 'Items used for me and by me, in total', responses: { 200: '{ received, sent }' } }),
    requireMember(),
    async (c) => {
      const db = c.get('deps').database.db;
      const id = me(c).id;
      return c.json({ received: (await giftSum(db, id, 'received', 'item')).total, sent: (await giftSum(db, id, 'sent', 'item')).total });
    },
  );
