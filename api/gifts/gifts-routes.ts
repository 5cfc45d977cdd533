/**
 * `POST /api/lives/send-luv` {channelId, amount, message, confirmations?} with an Idempotency-Key:
 * luv from the viewer to the channel's BJ (./gifts.ts runGift(), docs/LEDGER.md).
 */
import { Hono } from 'hono';
import { luvGiftSent } from '../../domain/answers/gifts.ts';
import { GIFT_CONFIRM_THRESHOLD_LUV } from '../../domain/limits.ts';
import { needsConfirmation, sendLuvBody } from '../../domain/schemas/gift.ts';
import type { ApiEnv } from '../app-env.ts';
import { LUV } from '../ledger/accounts.ts';
import type { GiftInput } from '../ledger/gift.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { GIFT_TARGET_ERRORS, receiverOf, runGift } from './gifts.ts';

const sendLuvFields = { amount: 'invalid_amount', channelId: 'invalid_channel', message: 'invalid_message' } as const;

export const gifts = new Hono<ApiEnv>().post(
  '/send-luv',
  doc({
    tag: 'lives',
    summary: 'Sends luv to the channel’s BJ and announces it in the channel’s chat',
    description: `A gift of ${GIFT_CONFIRM_THRESHOLD_LUV} luv or more needs \`confirmations: 2\` (409 confirmation_required with \`threshold\` otherwise).`,
    responses: {
      200: { description: '{ transferId, channelId, amount, itemCode: null, balance, luv }', schema: luvGiftSent },
    },
    errors: [
      'invalid_amount',
      ...GIFT_TARGET_ERRORS,
      'confirmation_required',
      'insufficient_funds',
      'spending_cap_exceeded',
    ],
    idempotent: true,
  }),
  // A gift rush: each sender posts many gifts a second, so its session check may be reused briefly.
  requireMember({ reuseCheck: true }),
  body(sendLuvBody, { fields: sendLuvFields, notObject: 'invalid_body' }),
  async (c) => {
    const { channelId, amount, message, confirmations } = c.req.valid('json');
    const receiver = await receiverOf(c.get('deps').channelOwners, channelId, me(c).id);
    if (!receiver.ok) return fail(c, receiver.code);
    if (needsConfirmation(amount) && confirmations !== 2) {
      return fail(c, 'confirmation_required', { fields: { threshold: GIFT_CONFIRM_THRESHOLD_LUV } });
    }
    const input: GiftInput = {
      fromMemberId: me(c).id,
      toMemberId: receiver.ownerId,
      channelId,
      asset: LUV,
      amount,
      message,
    };
    return runGift(c, 'send-luv', { channelId, amount, message }, input, null);
  },
);
