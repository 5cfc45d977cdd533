/** Items (SPEC §3 item codes, docs/LEDGER.md "Gifts and items"): using them in a channel and buying them with luv. */
import * as v from 'valibot';
import { ITEM_COUNT_MAX } from '../limits.ts';
import { giftMessage } from './gift.ts';
import { recordId, wholeNumber } from './money.ts';

export const itemCount = v.optional(wholeNumber(ITEM_COUNT_MAX), 1);

/** An item's product name in a path (`/api/my/useItems/{prodName}`). */
export const itemProdName = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/));

export const itemUseBody = v.object({ channelId: recordId, count: itemCount, message: giftMessage });

export const itemPurchaseBody = v.object({ itemCode: recordId, count: itemCount });
