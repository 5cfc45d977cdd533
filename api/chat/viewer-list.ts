/**
 * The room's viewer list (the `viewers` ack): the BJ, the managers and the other signed-in viewers
 * in the room, each once however many tabs they have open, and the guests counted.
 *
 * Every process answers for its own sockets (`serverSideEmit('viewer_list')` with an ack): the
 * members as `[id, loginId, nickname]` and a count of guests, about 40 bytes per member and nothing
 * per guest — not `fetchSockets()`, whose answer carries every socket's handshake (its headers) and
 * would be megabytes for 10,000 viewers. Still the cost grows with the room, so one process builds a
 * room's list at most once per VIEWER_LIST_TTL_MS and every asker meanwhile shares it. A process
 * that does not answer within the adapter's timeout (5 s) is left out; the others' answers stand.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { CHAT_VIEWER_LIST_MAX, type ChatViewer, type ChatViewerList } from '../../domain/chat-events.ts';
import type { Db } from '../db/client.ts';
import { channelRoles } from '../db/schema/index.ts';
import { loadChannel } from './room-store.ts';
import type { ChatServer, LocalViewers } from './types.ts';

const VIEWER_LIST_TTL_MS = 5000;

async function managersOf(db: Db, channelId: number, now = new Date()): Promise<Set<number>> {
  const rows = await db
    .select({ memberId: channelRoles.memberId })
    .from(channelRoles)
    .where(
      and(
        eq(channelRoles.channelId, channelId),
        eq(channelRoles.kind, 'manager'),
        or(isNull(channelRoles.until), gt(channelRoles.until, now)),
      ),
    );
  return new Set(rows.map((r) => r.memberId));
}

const byNickname = (a: ChatViewer, b: ChatViewer) =>
  a.nickname.localeCompare(b.nickname, 'ko') || (a.loginId < b.loginId ? -1 : 1);

/** This process's share of a room: its members (each once) and its guests. */
function localViewers(io: ChatServer, room: string): LocalViewers {
  const nsp = io.of('/');
  const seen = new Map<number, [number, string, string]>();
  let guests = 0;
  for (const id of nsp.adapter.rooms.get(room) ?? []) {
    const member = nsp.sockets.get(id)?.data.member;
    if (!member) guests += 1;
    else if (!seen.has(member.id)) seen.set(member.id, [member.id, member.loginId, member.nickname]);
  }
  return { members: [...seen.values()], guests };
}

/** Every process's share: this one's, and the others' answers (those that came in time). */
function allViewers(io: ChatServer, room: string, shared: boolean): Promise<LocalViewers[]> {
  const here = localViewers(io, room);
  if (!shared) return Promise.resolve([here]);
  return new Promise((resolve) =>
    io.serverSideEmit('viewer_list', room, (_err, answers) => resolve([here, ...(answers ?? [])])),
  );
}

async function buildList(io: ChatServer, db: Db, room: string, shared: boolean): Promise<ChatViewerList | null> {
  const channel = await loadChannel(db, room);
  if (!channel) return null;
  const people = new Map<number, ChatViewer>();
  let guests = 0;
  for (const share of await allViewers(io, room, shared)) {
    if (!share || !Array.isArray(share.members)) continue;
    guests += Number(share.guests) || 0;
    for (const [id, loginId, nickname] of share.members) if (!people.has(id)) people.set(id, { loginId, nickname });
  }
  const managerIds = people.size ? await managersOf(db, channel.id) : new Set<number>();
  const managers: ChatViewer[] = [];
  const members: ChatViewer[] = [];
  for (const [id, viewer] of people) {
    if (id === channel.ownerId) continue;
    (managerIds.has(id) ? managers : members).push(viewer);
  }
  managers.sort(byNickname);
  members.sort(byNickname);
  return {
    bj: people.get(channel.ownerId) ?? null,
    managers,
    members: members.slice(0, CHAT_VIEWER_LIST_MAX),
    membersTotal: members.length,
    guests,
  };
}

/**
 * `viewerList` of the chat's context: null for a room that is no channel. `shared`: other processes
 * share the rooms (the adapter carries serverSideEmit); this one then answers their asks too.
 */
export function createViewerList(
  io: ChatServer,
  db: Db,
  shared: boolean,
): (room: string) => Promise<ChatViewerList | null> {
  if (shared) io.on('viewer_list', (room, answer) => answer(localViewers(io, String(room))));
  const lists = new Map<string, { at: number; list: Promise<ChatViewerList | null> }>();
  return (room) => {
    const now = Date.now();
    const hit = lists.get(room);
    if (hit && now - hit.at < VIEWER_LIST_TTL_MS) return hit.list;
    for (const [r, e] of lists) if (now - e.at >= VIEWER_LIST_TTL_MS) lists.delete(r);
    const entry = { at: now, list: buildList(io, db, room, shared) };
    lists.set(room, entry);
    entry.list.catch(() => void (lists.get(room) === entry && lists.delete(room)));
    return entry.list;
  };
}
