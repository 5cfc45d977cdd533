/**
 * Gifts in a channel (docs/LEDGER.md "Gifts and items"): `POST /api/lives/send-luv` and the item
 * uses. The gift dialog checks the same limits before it sends.
 */
import * as v from 'valibot';
import { GIFT_AMOUNT_MAX_LUV, GIFT_CONFIRM_THRESHOLD_LUV, GIFT_MESSAGE_LENGTH_MAX } from '../limits.ts';
import { recordId, wholeNumber } from './money.ts';

/** A gift's message: optional, trimmed, at most GIFT_MESSAGE_LENGTH_MAX characters after trimming. */
export const giftMessage = v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(GIFT_MESSAGE_LENGTH_MAX)), '');

export const giftAmount = wholeNumber(GIFT_AMOUNT_MAX_LUV);

/** Whether a gift of `amount` luv must be confirmed twice before it is sent. */
export const needsConfirmation = (amount: number): boolean => amount >= GIFT_CONFIRM_THRESHOLD_LUV;

export const sendLuvBody = v.object({
  channelId: recordId,
  amount: giftAmount,
  message: giftMessage,
  /** 2 once the viewer confirmed twice; needed at GIFT_CONFIRM_THRESHOLD_LUV and above. */
  confirmations: v.optional(v.picklist([0, 1, 2])),
});
type SendLuvBody = v.InferOutput<typeof sendLuvBody>;
