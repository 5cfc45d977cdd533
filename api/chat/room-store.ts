/** What the chat server reads and writes in the database: channels, restrictions, seq, lines. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { CHAT_REPLAY_AGE_MS, CHAT_REPLAY_LINES_MAX, type ChatLine, type ChatRole } from '../../domain/chat-events.ts';
import type { Db } from '../db/client.ts';
import { channelRoles, channels, chatMessages, chatRooms, members, streams } from '../db/schema/index.ts';

export interface RoomChannel {
  id: number;
  ownerId: number;
  adult: boolean;
}

export type Restriction = 'manager' | 'blacklist' | 'kick' | 'mute';

export const ROOM_PATTERN = /^[1-9]\d{0,9}$/;

export async function loadChannel(db: Db, room: string): Promise<RoomChannel | null> {
  if (!ROOM_PATTERN.test(room) || Number(room) > 2_147_483_647) return null;
  const [row] = await db
    .select({
      id: channels.id,
      ownerId: channels.ownerId,
      adult: channels.adultBroadcast,
      adultPlus: channels.adultPlusBroadcast,
    })
    .from(channels)
    .where(eq(channels.id, Number(room)));
  return row ? { id: row.id, ownerId: row.ownerId, adult: row.adult || row.adultPlus } : null;
}

/** The member's live (unexpired) rows in the channel: kind → until (ms, or null for no end). */
export async function restrictionsOf(
  db: Db,
  channelId: number,
  memberId: number,
  now = new Date(),
): Promise<Map<Restriction, number | null>> {
  const rows = await db
    .select({ kind: channelRoles.kind, until: channelRoles.until })
    .from(channelRoles)
    .where(
      and(
        eq(channelRoles.channelId, channelId),
        eq(channelRoles.memberId, memberId),
        or(isNull(channelRoles.until), gt(channelRoles.until, now)),
      ),
    );
  return new Map(rows.map((r) => [r.kind as Restriction, r.until ? r.until.getTime() : null]));
}

export function roleOf(
  channel: RoomChannel,
  memberId: number | null,
  restrictions: Map<Restriction, number | null>,
): ChatRole {
  if (memberId === null) return 'guest';
  if (channel.ownerId === memberId) return 'bj';
  return restrictions.has('manager') ? 'manager' : 'member';
}

export async function setRestriction(
  db: Db,
  channelId: number,
  memberId: number,
  kind: Restriction,
  until: Date | null,
  byMemberId: number,
): Promise<void> {
  await db
    .insert(channelRoles)
    .values({ channelId, memberId, kind, until, byMemberId })
    .onConflictDoUpdate({
      target: [channelRoles.channelId, channelRoles.memberId, channelRoles.kind],
      set: { until, byMemberId, createdAt: new Date() },
    });
}

export async function clearRestriction(db: Db, channelId: number, memberId: number, kind: Restriction): Promise<void> {
  await db
    .delete(channelRoles)
    .where(
      and(eq(channelRoles.channelId, channelId), eq(channelRoles.memberId, memberId), eq(channelRoles.kind, kind)),
    );
}

export async function findMemberByLoginId(db: Db, loginId: string): Promise<{ id: number; loginId: string } | null> {
  if (loginId.length > 64) return null;
  const [row] = await db
    .select({ id: members.id, loginId: members.loginId })
    .from(members)
    .where(eq(members.loginId, loginId));
  return row ?? null;
}

export async function roomState(db: Db, room: string): Promise<{ lastSeq: number; frozen: boolean }> {
  const [row] = await db
    .select({ lastSeq: chatRooms.lastSeq, frozen: chatRooms.frozen })
    .from(chatRooms)
    .where(eq(chatRooms.room, room));
  return row ?? { lastSeq: 0, frozen: false };
}

export async function setFrozen(db: Db, room: string, frozen: boolean): Promise<void> {
  await db.insert(chatRooms).values({ room, frozen }).onConflictDoUpdate({ target: chatRooms.room, set: { frozen } });
}

/** Allocates the room's next seq and stores the line in one transaction, so seqs have no holes. */
export async function appendLine(db: Db, line: Omit<ChatLine, 'seq' | 'at'> & { memberId: number }): Promise<ChatLine> {
  return db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(chatRooms)
      .values({ room: line.room, lastSeq: 1 })
      .onConflictDoUpdate({ target: chatRooms.room, set: { lastSeq: sql`${chatRooms.lastSeq} + 1` } })
      .returning({ seq: chatRooms.lastSeq });
    const seq = counter!.seq;
    const [row] = await tx
      .insert(chatMessages)
      .values({
        room: line.room,
        seq,
        memberId: line.memberId,
        loginId: line.loginId,
        nickname: line.nickname,
        role: line.role,
        content: line.content,
        subscriberMonths: line.subscriberMonths ?? null,
        topGiver: line.topGiver ?? null,
      })
      .returning({ at: chatMessages.createdAt });
    return {
      room: line.room,
      seq,
      loginId: line.loginId,
      nickname: line.nickname,
      role: line.role,
      content: line.content,
      at: row!.at.toISOString(),
      subscriberMonths: line.subscriberMonths ?? null,
      topGiver: line.topGiver ?? null,
    };
  });
}

type LineRow = {
  room: string;
  seq: number;
  loginId: string;
  nickname: string;
  role: string;
  content: string;
  createdAt: Date;
  subscriberMonths: number | null;
  topGiver: number | null;
};
const lineColumns = {
  room: chatMessages.room,
  seq: chatMessages.seq,
  loginId: chatMessages.loginId,
  nickname: chatMessages.nickname,
  role: chatMessages.role,
  content: chatMessages.content,
  createdAt: chatMessages.createdAt,
  subscriberMonths: chatMessages.subscriberMonths,
  topGiver: chatMessages.topGiver,
};
const toLine = (r: LineRow): ChatLine => ({
  room: r.room,
  seq: r.seq,
  loginId: r.loginId,
  nickname: r.nickname,
  role: r.role as ChatRole,
  content: r.content,
  at: r.createdAt.toISOString(),
  subscriberMonths: r.subscriberMonths,
  topGiver: r.topGiver as ChatLine['topGiver'],
});

/**
 * Lines after `lastSeq`, bounded by CHAT_REPLAY_LINES_MAX and CHAT_REPLAY_AGE_MS (the newest are
 * kept); `missed` counts the lines after lastSeq that fell outside the bounds.
 */
export async function replaySince(
  db: Db,
  room: string,
  lastSeq: number,
  currentSeq: number,
  now = new Date(),
): Promise<{ replay: ChatLine[]; missed: number }> {
  if (currentSeq <= lastSeq) return { replay: [], missed: 0 };
  const rows = await db
    .select(lineColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.room, room),
        gt(chatMessages.seq, lastSeq),
        gt(chatMessages.createdAt, new Date(now.getTime() - CHAT_REPLAY_AGE_MS)),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(CHAT_REPLAY_LINES_MAX);
  const replay = rows.reverse().map(toLine);
  const first = replay[0]?.seq ?? currentSeq + 1;
  return { replay, missed: Math.max(0, first - lastSeq - 1) };
}

export async function recentLines(db: Db, room: string, count: number): Promise<ChatLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(chatMessages)
    .where(eq(chatMessages.room, room))
    .orderBy(desc(chatMessages.seq))
    .limit(count);
  return rows.reverse().map(toLine);
}

/** The channel's current live, if it is password-protected: its id (the live pass is bound to it). */
export async function protectedLiveId(db: Db, channelId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: streams.id, passwordHash: streams.passwordHash })
    .from(streams)
    .where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)))
    .orderBy(desc(streams.startedAt))
    .limit(1);
  return row?.passwordHash ? row.id : null;
}
