/**
 * `POST /api/lives/send-luv` {channelId, amount, message, confirmations?} with an Idempotency-Key:
 * luv from the viewer to the channel's BJ, announced in the channel's chat (ledger/events.ts).
 * Gifts of GIFT_CONFIRM_THRESHOLD_LUV or more need `confirmations: 2` (the page asks twice).
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { channels } from '../../db/schema/index.ts';
import { LUV } from '../../ledger/accounts.ts';
import { parseAmount } from '../../ledger/amount.ts';
import { emitGift } from '../../ledger/events.ts';
import { giftAccounts, postGift, type GiftInput } from '../../ledger/gift.ts';
import { GIFT_AMOUNT_MAX_LUV, GIFT_CONFIRM_THRESHOLD_LUV, GIFT_MESSAGE_LENGTH_MAX } from '../../ledger/settings.ts';
import { answer, fail, idempotent, readObject, reason, refusal, type Ctx, memberOnce } from '../luv/luv-http.ts';

/** Validates channel and message; the caller validated the amount. Answers a Response on refusal. */
export async function giftTarget(c: Ctx, body: Record<string, unknown>) {
  const channelId = body.channelId;
  if (typeof channelId !== 'number' || !Number.isSafeInteger(channelId) || channelId < 1 || channelId > 2_147_483_647)
    return fail(c, 400, 'invalid_channel', 'channelId must be a channel number.');
  const message = body.message ?? '';
  if (typeof message !== 'string' || message.trim().length > GIFT_MESSAGE_LENGTH_MAX)
    return fail(c, 400, 'invalid_message', `message must be text of at most ${GIFT_MESSAGE_LENGTH_MAX} characters.`);
  const [channel] = await c.get('deps').database.db.select({ id: channels.id, ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channelId));
  if (!channel) return fail(c, 404, 'channel_not_found', 'No such channel.');
  if (channel.ownerId === c.get('member')!.id) return fail(c, 400, 'self_gift', 'You cannot send a gift to your own channel.');
  return { channelId, ownerId: channel.ownerId, message: message.trim() };
}

/** Runs a gift of `asset` under the Idempotency-Key and announces it after commit. */
export async function runGift(c: Ctx, operation: string, body: unknown, input: GiftInput, itemCode: number | null) {
  const { database } = c.get('deps');
  const member = c.get('member')!;
  const accounts = await giftAccounts(database.db, input);
  return idempotent(
    c,
    operation,
    body,
    async (tx) => {
      const r = await postGift(tx, accounts, input, new Date());
      if (r.ok)
        return answer(200, {
          transferId: r.transferId,
          channelId: input.channelId,
          amount: input.amount,
          itemCode,
          balance: r.balance,
          ...(itemCode === null ? { luv: r.balance } : {}),
        });
      if (r.code === 'insufficient_funds')
        return refusal(
          409,
          itemCode === null ? 'insufficient_funds' : 'insufficient_items',
          itemCode === null ? reason(c, 'insufficient_funds') : 'You do not hold enough of this item.',
        );
      return refusal(409, 'spending_cap_exceeded', reason(c, r.cap.period === 'daily' ? 'spending_cap_daily' : 'spending_cap_monthly'), {
        period: r.cap.period,
        capLuv: r.cap.capLuv,
      });
    },
    (result) =>
      emitGift({
        kind: itemCode === null ? 'luv' : 'item',
        channelId: input.channelId,
        fromMemberId: member.id,
        fromLoginId: member.loginId,
        fromNickname: member.nickname,
        toMemberId: input.toMemberId,
        amount: input.amount,
        itemCode,
        message: input.message,
        transferId: result.body.transferId as number,
        at: new Date().toISOString(),
      }),
  );
}

export const gifts = new Hono<ApiEnv>();

gifts.post('/send-luv', memberOnce(), async (c) => {
  const body = await readObject(c);
  if (!body) return fail(c, 400, 'invalid_body', 'Send a JSON object.');
  const amount = parseAmount(body.amount, GIFT_AMOUNT_MAX_LUV);
  if (amount === null) return fail(c, 400, 'invalid_amount', `amount must be a whole number of luv from 1 to ${GIFT_AMOUNT_MAX_LUV}.`);
  const target = await giftTarget(c, body);
  if (target instanceof Response) return target;
  if (amount >= GIFT_CONFIRM_THRESHOLD_LUV && body.confirmations !== 2) {
    return c.json(
      {
        error: 'confirmation_required',
        error_msg: `Gifts of ${GIFT_CONFIRM_THRESHOLD_LUV} luv or more must be confirmed twice.`,
        threshold: GIFT_CONFIRM_THRESHOLD_LUV,
      },
      409,
    );
  }
  const input: GiftInput = {
    fromMemberId: c.get('member')!.id,
    toMemberId: target.ownerId,
    channelId: target.channelId,
    asset: LUV,
    amount,
    message: target.message,
  };
  return runGift(c, 'send-luv', { channelId: target.channelId, amount, message: target.message }, input, null);
});
