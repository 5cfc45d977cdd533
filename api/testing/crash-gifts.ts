/**
 * The gift batch that tests/contract/ledger-crash.test.ts kills mid-way (in
 * api/testing/gift-batch-crash-child.ts) and then retries with the same keys.
 */
import type { Db } from '../db/client.ts';
import { LUV, createAccountIds } from '../ledger/accounts.ts';
import { giftAccounts, type GiftAnswering, type GiftRequest } from '../ledger/gift.ts';
import { requestHash } from '../ledger/idempotency.ts';

/** Who sends what in the batch: three gifts from two senders to one BJ. */
export const CRASH_GIFTS = [
  { sender: 'viewer01', amount: 10 },
  { sender: 'viewer02', amount: 20 },
  { sender: 'viewer01', amount: 30 },
] as const;

/** The batch's answers, in miniature. */
export const crashAnswer: GiftAnswering = (_input, r) =>
  r.ok
    ? { status: 200, body: { transferId: r.transferId, balance: r.balance } }
    : { status: 409, body: { error: r.code } };

/** The batch's requests, keyed `${prefix}-${n}`. */
export async function crashGifts(db: Db, ids: Record<string, number>, prefix: string): Promise<GiftRequest[]> {
  const accountIds = createAccountIds(db);
  return Promise.all(
    CRASH_GIFTS.map(async ({ sender, amount }, n) => {
      const input = {
        fromMemberId: ids[sender]!,
        toMemberId: ids.bj0001!,
        channelId: 1,
        asset: LUV,
        amount,
        message: `crash ${n}`,
      };
      return {
        scope: {
          memberId: input.fromMemberId,
          key: `${prefix}-${n}`,
          hash: requestHash('crash-gift-batch', { amount, n }),
        },
        accounts: await giftAccounts(accountIds, input),
        input,
      };
    }),
  );
}
