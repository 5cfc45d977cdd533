/** What My luv sums up from the ledger (api/ledger/history.ts): received luv, its totals by period, item totals. */
import type { ItemsSum, ReceivedLuv, ReceivedLuvSum } from '../../domain/answers/wallet.ts';
import type { Db } from '../db/client.ts';
import { AccountKind, LUV, balanceOf } from '../ledger/accounts.ts';
import { periodStarts } from '../ledger/caps.ts';
import { giftSum, receivedDaily } from '../ledger/history.ts';

/** A BJ's withdrawable luv, and the luv their waiting withdrawals hold. */
export async function receivedLuv(db: Db, memberId: number): Promise<ReceivedLuv> {
  return {
    luv: await balanceOf(db, AccountKind.bjReceived, memberId, LUV),
    pending: await balanceOf(db, AccountKind.withdrawalPending, memberId, LUV),
  };
}

/** Received luv in total, today and this month (Korean calendar), and per day for the last `days` days. */
export async function receivedLuvSum(db: Db, memberId: number, days: number, now: Date): Promise<ReceivedLuvSum> {
  const { day, month } = periodStarts(now);
  return {
    total: (await giftSum(db, memberId, 'received', 'luv')).total,
    today: (await giftSum(db, memberId, 'received', 'luv', day)).total,
    month: (await giftSum(db, memberId, 'received', 'luv', month)).total,
    daily: await receivedDaily(db, memberId, days, now),
  };
}

/** Items used for the member and by the member, in total. */
export async function itemsSum(db: Db, memberId: number): Promise<ItemsSum> {
  return {
    received: (await giftSum(db, memberId, 'received', 'item')).total,
    sent: (await giftSum(db, memberId, 'sent', 'item')).total,
  };
}
