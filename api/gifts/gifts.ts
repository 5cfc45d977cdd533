/**
 * `POST /api/lives/send-luv` {channelId, amount, message, confirmations?} with an Idempotency-Key:
 * luv from the viewer to the channel's BJ, announced in the channel's chat through
 * `deps.chat.publish` once it committed. Gifts of GIFT_CONFIRM_THRESHOLD_LUV or more need
 * `confirmations: 2` (the page asks twice). Item uses (api/items/items-routes.ts) run as gifts too.
 * The route is in ./gifts-routes.ts.
 */
import type { Context } from 'hono';
import type { GiftEventData } from '../../domain/chat-events.ts';
import type { ApiEnv } from '../app-env.ts';
import { giftAccounts, type GiftInput } from '../ledger/gift.ts';
import { idempotentBy } from '../http/idempotent.ts';
import { me } from '../http/session.ts';
import type { ChannelOwners } from './channel-owners.ts';

/** Refusals of every gift: the channel, and whether the caller may give to it. */
export const GIFT_TARGET_ERRORS = ['invalid_channel', 'invalid_message', 'channel_not_found', 'self_gift'] as const;

export type GiftReceiver = { ok: true; ownerId: number } | { ok: false; code: 'channel_not_found' | 'self_gift' };

/** The BJ who receives a gift of `senderId` in `channelId`, or why there is none (no such channel, or one's own). */
export async function receiverOf(owners: ChannelOwners, channelId: number, senderId: number): Promise<GiftReceiver> {
  const ownerId = await owners.of(channelId);
  if (ownerId === null) return { ok: false, code: 'channel_not_found' };
  if (ownerId === senderId) return { ok: false, code: 'self_gift' };
  return { ok: true, ownerId };
}

/**
 * Runs a gift of `input.asset` under the Idempotency-Key (`hashed` is what the key's request hash
 * covers) with the next batch of gifts to its BJ (api/ledger/gift-batcher.ts, which answers it with
 * ./gift-answers.ts) and, when it ran now, announces it in the channel's room after the commit.
 */
export async function runGift(
  c: Context<ApiEnv>,
  operation: string,
  hashed: unknown,
  input: GiftInput,
  itemCode: number | null,
): Promise<Response> {
  const member = me(c);
  const accounts = await giftAccounts(c.get('deps').accountIds, input);
  return idempotentBy(
    c,
    operation,
    hashed,
    (scope) => c.get('deps').giftBatcher.submit({ scope, accounts, input }),
    (stored) => {
      const data: GiftEventData = {
        kind: itemCode === null ? 'luv' : 'item',
        loginId: member.loginId,
        nickname: member.nickname,
        amount: input.amount,
        itemCode,
        message: input.message,
        transferId: Number(stored.body.transferId),
        at: new Date().toISOString(),
      };
      c.get('deps').chat?.publish({ room: String(input.channelId), type: 'gift', data });
    },
  );
}
