/** Answers of gifts (`POST /api/lives/send-luv`, `POST /api/my/item/{code}/use`; api/gifts/gifts.ts `runGift()`). */
import * as v from 'valibot';
import { int } from './fields.ts';

/** A gift of items: `balance` is the items of that code left. */
export const giftSent = v.object({
  transferId: int,
  channelId: int,
  amount: int,
  itemCode: v.nullable(int),
  balance: int,
});
export type GiftSent = v.InferOutput<typeof giftSent>;

/** A gift of luv: `balance` and `luv` are both the wallet's luv afterwards. */
export const luvGiftSent = v.object({ ...giftSent.entries, itemCode: v.null(), luv: int });
export type LuvGiftSent = v.InferOutput<typeof luvGiftSent>;
