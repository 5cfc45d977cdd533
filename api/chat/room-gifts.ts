/**
 * The gifts a room's history shows on join (SPEC §4 chat: a reloaded page shows what the room saw):
 * the channel's gift and item-use transfers from the ledger, newest first, bounded like the lines.
 * Each goes after the last history line older than it, as it did when it was announced live.
 */
import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { CHAT_REPLAY_AGE_MS, type ChatLine, type HistoryGift } from '../../domain/chat-events.ts';
import type { Db } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers, members } from '../db/schema/index.ts';
import { TransferCode } from '../ledger/accounts.ts';

/** Gifts to `channelId` since the oldest history line (or CHAT_REPLAY_AGE_MS), at most `count`, in commit order. */
export async function recentGifts(
  db: Db,
  channelId: number,
  history: ChatLine[],
  count: number,
  now = new Date(),
): Promise<HistoryGift[]> {
  const oldest = history[0] ? new Date(history[0].at) : new Date(now.getTime() - CHAT_REPLAY_AGE_MS);
  const rows = await db
    .select({
      id: ledgerTransfers.id,
      amount: ledgerTransfers.amount,
      asset: ledgerTransfers.asset,
      code: ledgerTransfers.code,
      memo: ledgerTransfers.memo,
      at: ledgerTransfers.createdAt,
      loginId: members.loginId,
      nickname: members.nickname,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
    .innerJoin(members, eq(members.id, ledgerAccounts.ownerId))
    .where(
      and(
        eq(ledgerTransfers.channelId, channelId),
        inArray(ledgerTransfers.code, [TransferCode.gift, TransferCode.itemUse]),
        isNull(ledgerTransfers.reversesId),
        gte(ledgerTransfers.createdAt, oldest),
      ),
    )
    .orderBy(desc(ledgerTransfers.id))
    .limit(count);
  // Each gift goes after the last line not newer than it (lines in seq order are in time order).
  const times = history.map((l) => Date.parse(l.at));
  let next = 0;
  return rows.reverse().map((r) => {
    const item = /^item:(\d+)$/.exec(r.asset);
    while (next < times.length && times[next]! <= r.at.getTime()) next++;
    return {
      kind: item ? 'item' : 'luv',
      loginId: r.loginId,
      nickname: r.nickname,
      amount: r.amount,
      itemCode: item ? Number(item[1]) : null,
      message: r.memo ?? '',
      transferId: r.id,
      at: r.at.toISOString(),
      afterSeq: next > 0 ? history[next - 1]!.seq : (history[0]?.seq ?? 1) - 1,
    };
  });
}
