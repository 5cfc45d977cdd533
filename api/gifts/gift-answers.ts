/**
 * What a gift's sender is told, the one mapping of the ledger's gift results to catalogue answers.
 * The app's gift batcher is given it when the app is built (api/services.ts) and applies it inside
 * the batch's transaction, so the first answer under a key commits with the money (docs/LEDGER.md).
 */
import type { GiftSent, LuvGiftSent } from '../../domain/answers/gifts.ts';
import type { Answer } from '../http/errors.ts';
import { answerOf } from '../http/idempotent.ts';
import { itemCodeOf } from '../ledger/accounts.ts';
import type { GiftInput, GiftResult } from '../ledger/gift.ts';

/**
 * 200 with the gift, else the catalogue refusal of its code; an item gift (asset `item:{code}`)
 * short of items is `insufficient_items`.
 */
export function giftAnswer(input: GiftInput, result: GiftResult): Answer {
  const itemCode = itemCodeOf(input.asset);
  const shortOfItems = !result.ok && result.code === 'insufficient_funds' && itemCode !== null;
  const outcome = shortOfItems ? { ok: false as const, code: 'insufficient_items' as const } : result;
  return answerOf(outcome, ({ transferId, balance }) => {
    const gift = { transferId, channelId: input.channelId, amount: input.amount, itemCode, balance };
    return itemCode === null ? ({ ...gift, itemCode, luv: balance } satisfies LuvGiftSent) : (gift satisfies GiftSent);
  });
}
