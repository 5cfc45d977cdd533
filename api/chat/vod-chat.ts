/**
 * A recording's chat (#40 point 3): the lines and gifts of the broadcast it recorded, at offsets from
 * its start. A recording (streams type 2) keeps its live's `startedAt` and `endedAt` and its channel
 * (api/lives/live-switch.ts keepRecording); the room's lines (chat_messages, room = channel id) and
 * the channel's gifts (the ledger's gift and item-use transfers, as api/chat/room-gifts.ts reads
 * them) between the two are its chat. Left out, as the live room would not show them: lines of
 * members the caller blocked (the chat list hides them, src/islands/chat/ChatPanel.tsx), and lines
 * of members the channel blacklists now (removed from the room, api/chat/removal.ts; they cannot
 * speak there again). Blocked words never reach the table (refused on send).
 */
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { VOD_CHAT_LINES_MAX, type VodChat, type VodChatLine } from '../../domain/answers/vod-chat.ts';
import type { ChatRole } from '../../domain/chat-events.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import {
  blacklist,
  channelRoles,
  channels,
  chatMessages,
  ledgerAccounts,
  ledgerTransfers,
  members,
  streams,
} from '../db/schema/index.ts';
import { TransferCode } from '../ledger/accounts.ts';
import { canSeeAdult, isAdultChannel } from '../lives/streams-access.ts';

export interface VodChatWindow {
  fromS: number;
  toS: number;
}

/** null: no such recording; 'locked': an adult recording the caller may not watch. */
export async function vodChat(
  db: Db,
  streamId: number,
  window: VodChatWindow,
  member: SessionMember | null,
  now = new Date(),
): Promise<VodChat | null | 'locked'> {
  const [vod] = await db
    .select({
      channelId: streams.channelId,
      startedAt: streams.startedAt,
      endedAt: streams.endedAt,
      adultBroadcast: channels.adultBroadcast,
      adultPlusBroadcast: channels.adultPlusBroadcast,
    })
    .from(streams)
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .where(and(eq(streams.id, streamId), eq(streams.type, 2)));
  if (!vod) return null;
  if (isAdultChannel(vod) && !canSeeAdult(member)) return 'locked';
  const start = vod.startedAt.getTime();
  const from = new Date(start + window.fromS * 1000);
  let to = new Date(start + window.toS * 1000);
  if (vod.endedAt && vod.endedAt < to) to = new Date(vod.endedAt.getTime() + 1);
  if (to <= from) return { ...window, lines: [], gifts: [], nextFromS: null };

  const removed = db
    .select({ one: sql`1` })
    .from(channelRoles)
    .where(
      and(
        eq(channelRoles.channelId, vod.channelId),
        eq(channelRoles.memberId, chatMessages.memberId),
        eq(channelRoles.kind, 'blacklist'),
        or(isNull(channelRoles.until), gt(channelRoles.until, now)),
      ),
    );
  const blocked = member
    ? db
        .select({ one: sql`1` })
        .from(blacklist)
        .where(and(eq(blacklist.ownerId, member.id), eq(blacklist.targetId, chatMessages.memberId)))
    : null;
  const rows = await db
    .select({
      seq: chatMessages.seq,
      loginId: chatMessages.loginId,
      nickname: chatMessages.nickname,
      role: chatMessages.role,
      content: chatMessages.content,
      at: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.room, String(vod.channelId)),
        gte(chatMessages.createdAt, from),
        lt(chatMessages.createdAt, to),
        notExists(removed),
        ...(blocked ? [notExists(blocked)] : []),
      ),
    )
    .orderBy(asc(chatMessages.seq))
    .limit(VOD_CHAT_LINES_MAX + 1);
  const offsetOf = (at: Date) => Math.max(0, Math.round((at.getTime() - start) / 100) / 10);
  const more = rows.length > VOD_CHAT_LINES_MAX;
  const kept = more ? rows.slice(0, VOD_CHAT_LINES_MAX) : rows;
  const lines: VodChatLine[] = kept.map((r) => ({
    offsetS: offsetOf(r.at),
    seq: r.seq,
    loginId: r.loginId,
    nickname: r.nickname,
    role: r.role as ChatRole,
    content: r.content,
  }));
  // A cut window ends at its last line's moment: the gifts go up to there, the next request on from it.
  const giftsTo = more ? kept[kept.length - 1]!.at : to;
  const gifts = await db
    .select({
      id: ledgerTransfers.id,
      amount: ledgerTransfers.amount,
      asset: ledgerTransfers.asset,
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
        eq(ledgerTransfers.channelId, vod.channelId),
        inArray(ledgerTransfers.code, [TransferCode.gift, TransferCode.itemUse]),
        isNull(ledgerTransfers.reversesId),
        gte(ledgerTransfers.createdAt, from),
        more ? lte(ledgerTransfers.createdAt, giftsTo) : lt(ledgerTransfers.createdAt, giftsTo),
      ),
    )
    .orderBy(asc(ledgerTransfers.id))
    .limit(VOD_CHAT_LINES_MAX);
  return {
    ...window,
    lines,
    gifts: gifts.map((g) => {
      const item = /^item:(\d+)$/.exec(g.asset);
      return {
        offsetS: offsetOf(g.at),
        kind: item ? ('item' as const) : ('luv' as const),
        loginId: g.loginId,
        nickname: g.nickname,
        amount: g.amount,
        itemCode: item ? Number(item[1]) : null,
        message: g.memo ?? '',
        transferId: g.id,
      };
    }),
    nextFromS: more ? (kept[kept.length - 1]!.at.getTime() - start) / 1000 : null,
  };
}
