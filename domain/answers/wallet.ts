/** Answers of My luv (`/api/my/luv/*`, api/wallet/): balances, gift history, coupons, spending caps. */
import * as v from 'valibot';
import { instant, int } from './fields.ts';

/** `GET /api/my/luv/luv-sum`: the wallet's luv. */
export const luvBalance = v.object({ luv: int });
export type LuvBalance = v.InferOutput<typeof luvBalance>;

/** `GET /api/my/luv/received`: a BJ's withdrawable luv, and the luv waiting withdrawals hold. */
export const receivedLuv = v.object({ luv: int, pending: int });
export type ReceivedLuv = v.InferOutput<typeof receivedLuv>;

/** `GET /api/my/luv/receivedluv-sum`: in total, today and this month (Korean calendar), and per day. */
export const receivedLuvSum = v.object({
  total: int,
  today: int,
  month: int,
  daily: v.array(v.object({ day: v.string(), luv: int })),
});
export type ReceivedLuvSum = v.InferOutput<typeof receivedLuvSum>;

/** `GET /api/my/luv/sentluv-sum`. */
export const sentLuvSum = v.object({ total: int, count: int });
export type SentLuvSum = v.InferOutput<typeof sentLuvSum>;

/** `GET /api/my/luv/items-sum`: items used for me and by me. */
export const itemsSum = v.object({ received: int, sent: int });
export type ItemsSum = v.InferOutput<typeof itemsSum>;

/**
 * A line of the gift history (`receivedluv-list`, `sentluv-list`, `receiveditem-list`,
 * `sentitem-list`, `/api/my/item/all-item/used`; api/ledger/history.ts `giftLines()`).
 */
export const giftLine = v.object({
  transferId: int,
  channelId: v.nullable(int),
  /** The other side: the sender in received lists, the BJ in sent lists. */
  memberId: int,
  loginId: v.string(),
  nickname: v.string(),
  amount: int,
  /** Null for luv; the item's code for items. */
  itemCode: v.nullable(int),
  message: v.nullable(v.string()),
  createdAt: instant,
});
export type GiftLine = v.InferOutput<typeof giftLine>;

/** A line of `GET /api/my/luv/coupons`: a coupon the member redeemed and the luv it credited. */
export const redeemedCoupon = v.object({ code: v.string(), luv: int, usedAt: instant });
export type RedeemedCoupon = v.InferOutput<typeof redeemedCoupon>;

const caps = { dailyLuv: v.nullable(int), monthlyLuv: v.nullable(int) };

/** `GET` and `PUT /api/my/luv/spending-caps`: the caps now, a looser one waiting for its delay. */
export const spendingCaps = v.object({
  ...caps,
  pending: v.nullable(v.object({ ...caps, from: instant })),
  raiseDelayMs: int,
});
export type SpendingCaps = v.InferOutput<typeof spendingCaps>;
