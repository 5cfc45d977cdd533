/**
 * `POST /api/lives/send-luv` {channelId, amount, message, confirmations?} with an Idempotency-Key:
 * luv from the viewer to the channel's BJ, announced in the channel's chat through
 * `deps.chat.publish` once it committed. Gifts of GIFT_CONFIRM_THRESHOLD_LUV or more need
 * `confirmations: 2` (the page asks twice). Item uses (api/items/items-routes.ts) run as gifts too.
 * The route is in ./gifts-routes.ts.
 */
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { GiftSent, LuvGiftSent } from '../../domain/answers/gifts.ts';
import type { GiftEventData } from '../../domain/chat-events.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels } from '../db/schema/index.ts';
import { giftAccounts, type GiftInput, type GiftResult } from '../ledger/gift.ts';
import { fail, type Answer } from '../http/errors.ts';
import { answerOf, idempotentBy } from '../http/idempotent.ts';
import { me } from '../http/session.ts';

/** Refusals of every gift: the channel, and whether the caller may give to it. */
export const GIFT_TARGET_ERRORS = ['invalid_channel', 'invalid_message', 'channel_not_found', 'self_gift'] as const;

/** How many channels' owners a process keeps (the oldest entry goes first). */
const CHANNEL_OWNERS_CACHED_MAX = 10_000;
// A channel's owner never changes (nothing updates channels.owner_id), so a gift rush reads it
// once, and requests that arrive before that read answered share it.
const owners = new WeakMap<Db, Map<number, Promise<number | null>>>();

function channelOwner(db: Db, channelId: number): Promise<number | null> {
  let known = owners.get(db);
  if (!known) owners.set(db, (known = new Map()));
  const hit = known.get(channelId);
  if (hit) return hit;
  const read = db
    .select({ ownerId: channels.ownerId })
    .from(channels)
    .where(eq(channels.id, channelId))
    .then(([channel]) => channel?.ownerId ?? null);
  if (known.size >= CHANNEL_OWNERS_CACHED_MAX) known.delete(known.keys().next().value!);
  known.set(channelId, read);
  // Only owners are remembered: a channel that does not exist (yet) or a failed read is asked again.
  const forget = () => known.get(channelId) === read && known.delete(channelId);
  read.then((owner) => owner === null && forget(), forget);
  return read;
}

export type GiftReceiver = { ok: true; ownerId: number } | { ok: false; code: 'channel_not_found' | 'self_gift' };

/** The BJ who receives a gift of `senderId` in `channelId`, or why there is none (no such channel, or one's own). */
export async function receiverOf(db: Db, channelId: number, senderId: number): Promise<GiftReceiver> {
  const ownerId = await channelOwner(db, channelId);
  if (ownerId === null) return { ok: false, code: 'channel_not_found' };
  if (ownerId === senderId) return { ok: false, code: 'self_gift' };
  return { ok: true, ownerId };
}

/** receiverOf() for the caller of a route: the BJ's id, or the refusal answered. */
export async function giftReceiver(c: Context<ApiEnv>, channelId: number): Promise<number | Response> {
  const receiver = await receiverOf(c.get('deps').database.db, channelId, me(c).id);
  return receiver.ok ? receiver.ownerId : fail(c, receiver.code);
}

/**
 * The answer stored under a gift's key for each ledger result (api/ledger/gift.ts calls it inside
 * the batch's transaction, so the first answer commits with the money): 200 with the gift, else the
 * catalogue refusal of its code; an item gift short of items is `insufficient_items`.
 */
export function giftAnswer(input: GiftInput, itemCode: number | null): (result: GiftResult) => Answer {
  return (result) => {
    const shortOfItems = !result.ok && result.code === 'insufficient_funds' && itemCode !== null;
    const outcome = shortOfItems ? { ok: false as const, code: 'insufficient_items' as const } : result;
    return answerOf(outcome, ({ transferId, balance }) => {
      const gift = { transferId, channelId: input.channelId, amount: input.amount, itemCode, balance };
      return itemCode === null ? ({ ...gift, itemCode, luv: balance } satisfies LuvGiftSent) : (gift satisfies GiftSent);
    });
  };
}

/**
 * Runs a gift of `input.asset` under the Idempotency-Key (`hashed` is what the key's request hash
 * covers) with the next batch of gifts to its BJ (api/ledger/gift-batcher.ts) and, when it ran now,
 * announces it in the channel's room after the commit.
 */
export async function runGift(c: Context<ApiEnv>, operation: string, hashed: unknown, input: GiftInput, itemCode: number | null): Promise<Response> {
  const member = me(c);
  const { db } = c.get('deps').database;
  const accounts = await giftAccounts(db, input);
  const answer = giftAnswer(input, itemCode);
  return idempotentBy(
    c,
    operation,
    hashed,
    (scope) => c.get('deps').giftBatcher.submit({ scope, accounts, input, answer }),
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
