/**
 * My luv under /api/my/luv: the balance (`luv-sum` → `{ luv }`), received and sent gifts with
 * their sums and a daily series for the chart, and the item sums.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { AccountKind, LUV, balanceOf } from '../../ledger/accounts.ts';
import { periodStarts } from '../../ledger/caps.ts';
import { giftLines, giftSum, receivedDaily } from '../../ledger/history.ts';
import { fail, memberOnce } from './luv-http.ts';
import { listPage } from './luv-lists.ts';

export const luv = new Hono<ApiEnv>();
luv.use('*', memberOnce());

luv.get('/luv-sum', async (c) => {
  return c.json({ luv: await balanceOf(c.get('deps').database.db, AccountKind.wallet, c.get('member')!.id, LUV) });
});

/** What a BJ holds: received luv that can be withdrawn, and luv held by waiting withdrawals. */
luv.get('/received', async (c) => {
  const db = c.get('deps').database.db;
  const id = c.get('member')!.id;
  return c.json({ luv: await balanceOf(db, AccountKind.bjReceived, id, LUV), pending: await balanceOf(db, AccountKind.withdrawalPending, id, LUV) });
});

luv.get('/receivedluv-list', (c) => listPage(c, (db, o, l) => giftLines(db, c.get('member')!.id, 'received', 'luv', o, l)));
luv.get('/sentluv-list', (c) => listPage(c, (db, o, l) => giftLines(db, c.get('member')!.id, 'sent', 'luv', o, l)));
luv.get('/receiveditem-list', (c) => listPage(c, (db, o, l) => giftLines(db, c.get('member')!.id, 'received', 'item', o, l)));
luv.get('/sentitem-list', (c) => listPage(c, (db, o, l) => giftLines(db, c.get('member')!.id, 'sent', 'item', o, l)));

luv.get('/receivedluv-sum', async (c) => {
  const daysRaw = c.req.query('days') ?? '30';
  const days = Number(daysRaw);
  if (!Number.isSafeInteger(days) || days < 1 || days > 366) return fail(c, 400, 'invalid_days', 'days must be 1 to 366.');
  const db = c.get('deps').database.db;
  const id = c.get('member')!.id;
  const now = new Date();
  const { day, month } = periodStarts(now);
  return c.json({
    total: (await giftSum(db, id, 'received', 'luv')).total,
    today: (await giftSum(db, id, 'received', 'luv', day)).total,
    month: (await giftSum(db, id, 'received', 'luv', month)).total,
    daily: await receivedDaily(db, id, days, now),
  });
});

luv.get('/sentluv-sum', async (c) => {
  const s = await giftSum(c.get('deps').database.db, c.get('member')!.id, 'sent', 'luv');
  return c.json({ total: s.total, count: s.count });
});

luv.get('/items-sum', async (c) => {
  const db = c.get('deps').database.db;
  const id = c.get('member')!.id;
  const received = await giftSum(db, id, 'received', 'item');
  const sent = await giftSum(db, id, 'sent', 'item');
  return c.json({ received: received.total, sent: sent.total });
});
