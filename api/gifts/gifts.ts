/**
 * `POST /api/lives/send-luv` {channelId, amount, message, confirmations?} with an Idempotency-Key:
 * luv from the viewer to the channel's BJ, announced in the channel's chat through
 * `deps.chat.publish` once it committed. Gifts of GIFT_CONFIRM_THRESHOLD_LUV or more need
 * `confirmations: 2` (the page asks twice). Item uses (api/items/items.ts) run as gifts too.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { GiftEventData } from '../../domain/chat-events.ts';
import { GIFT_CONFIRM_THRESHOLD_LUV } from '../../domain/limits.ts';
import { needsConfirmation, sendLuvBody } from '../../domain/schemas/gift.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels } from '../db/schema/index.ts';
import { LUV } from '../ledger/accounts.ts';
import { giftAccounts, type GiftInput, type GiftResult } from '../ledger/gift.ts';
import { giftBatcher } from '../ledger/gift-batcher.ts';
import { fail, refusal, type Answer } from '../http/errors.ts';
import { idempotentBy, refusalOf } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

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

/** The BJ who receives a gift in `channelId`, or the refusal (no such channel, or one's own). */
export async function giftReceiver(c: Context<ApiEnv>, channelId: number): Promise<number | Response> {
  const ownerId = await channelOwner(c.get('deps').database.db, channelId);
  if (ownerId === null) return fail(c, 'channel_not_found');
  if (ownerId === me(c).id) return fail(c, 'self_gift');
  return ownerId;
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
  const answer = (r: GiftResult): Answer => {
    if (!r.ok) return r.code === 'insufficient_funds' && itemCode !== null ? refusal('insufficient_items') : refusalOf(r);
    const luv = itemCode === null ? { luv: r.balance } : {};
    return { status: 200, body: { transferId: r.transferId, channelId: input.channelId, amount: input.amount, itemCode, balance: r.balance, ...luv } };
  };
  return idempotentBy(
    c,
    operation,
    hashed,
    (scope) => giftBatcher(db).submit({ scope, accounts, input, answer }),
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

export const gifts = new Hono<ApiEnv>().post(
  '/send-luv',
  doc({
    tag: 'lives',
    summary: 'Sends luv to the channel’s BJ and announces it in the channel’s chat',
    description: `A gift of ${GIFT_CONFIRM_THRESHOLD_LUV} luv or more needs \`confirmations: 2\` (409 confirmation_required with \`threshold\` otherwise).`,
    responses: { 200: '{ transferId, channelId, amount, itemCode: null, balance, luv }' },
    errors: ['invalid_amount', ...GIFT_TARGET_ERRORS, 'confirmation_required', 'insufficient_funds', 'spending_cap_exceeded'],
    idempotent: true,
  }),
  // A gift rush: each sender posts many gifts a second, so its session check may be reused briefly.
  requireMember({ reuseCheck: true }),
  body(sendLuvBody, { fields: { amount: 'invalid_amount', channelId: 'invalid_channel', message: 'invalid_message' }, notObject: 'invalid_body' }),
  async (c) => {
    const { channelId, amount, message, confirmations } = c.req.valid('json');
    const receiver = await giftReceiver(c, channelId);
    if (receiver instanceof Response) return receiver;
    if (needsConfirmation(amount) && confirmations !== 2) return fail(c, 'confirmation_required', { fields: { threshold: GIFT_CONFIRM_THRESHOLD_LUV } });
    const input: GiftInput = { fromMemberId: me(c).id, toMemberId: receiver, channelId, asset: LUV, amount, message };
    return runGift(c, 'send-luv', { channelId, amount, message }, input, null);
  },
);
