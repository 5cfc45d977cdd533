/**
 * What a join reads, kept in memory per room in each API process (issue #41: a crowd's joins each
 * ran the same five queries and re-serialised the same ~19 KB history):
 * - the room's recent lines (CHAT_HISTORY_ON_JOIN, more as they come, up to CHAT_REPLAY_LINES_MAX),
 *   the gifts among them, its seq and whether it is frozen: loaded from the database on the
 *   room's first join in this process, then kept up to date from what this process delivers to
 *   the room — its own emits and, with an adapter, the other processes' broadcasts as they arrive
 *   (`observeRoomBroadcasts`), so a line accepted anywhere is in the cache in the same turn it
 *   reaches this process's sockets. The history's JSON is made once and shared until the room changes.
 * - the channel's access facts (owner, adult, the protected live's id), re-read after ACCESS_TTL_MS
 *   and as soon as this process delivers a `broadcast_*` event of the room (a live started, changed, stopped).
 * A room this process has no socket in any more is dropped (it would stop hearing the room).
 */
import {
  CHAT_HISTORY_ON_JOIN,
  CHAT_REPLAY_AGE_MS,
  CHAT_REPLAY_LINES_MAX,
  type ChatAction,
  type ChatLine,
  type GiftBatch,
  type HistoryGift,
} from '../../domain/chat-events.ts';
import type { Db } from '../db/client.ts';
import { RawJson } from './raw-json.ts';
import { recentGifts } from './room-gifts.ts';
import { loadChannel, protectedLiveId, recentLines, roomState, type RoomChannel } from './room-store.ts';
import type { ChatServer } from './types.ts';

/**
 * How long a channel's access facts (adult, owner, the protected live) serve joins before they are
 * read again. A join in that window is one a moment earlier would have had (a change does not put
 * out those already in the room either).
 */
export const ACCESS_TTL_MS = 1000;

export interface RoomAccess {
  channel: RoomChannel;
  /** The running live's id when it is password-protected, else null. */
  protectedLiveId: number | null;
}

/** A first join's answer parts: the history as JSON made once per room change. */
export interface RoomSnapshot {
  seq: number;
  frozen: boolean;
  replay: RawJson;
  gifts: RawJson;
}

interface Entry {
  lines: ChatLine[];
  gifts: HistoryGift[];
  lastSeq: number;
  frozen: boolean;
  /** What arrived while the room was being read from the database, applied after it. */
  early: [event: string, data: unknown][] | null;
  loading: Promise<void> | null;
  json: { replay: RawJson; gifts: RawJson } | null;
}

export interface RoomCacheOptions {
  /**
   * Resolves once this process hears the room's broadcasts (the sharded Redis adapter subscribes
   * to a room's channel when its first socket joins): the database is read after it, so no line
   * falls between the two.
   */
  hearing?: (room: string) => Promise<void>;
  accessTtlMs?: number;
}

export function createRoomCache(
  io: ChatServer,
  db: Db,
  { hearing, accessTtlMs = ACCESS_TTL_MS }: RoomCacheOptions = {},
) {
  const rooms = new Map<string, Entry>();
  const access = new Map<string, { at: number; value: Promise<RoomAccess | null> }>();

  io.of('/').adapter.on('delete-room', (room: string) => rooms.delete(room));

  function insertLine(entry: Entry, line: ChatLine): void {
    const { lines } = entry;
    if (line.seq > (lines.at(-1)?.seq ?? 0)) lines.push(line);
    else {
      // From another process, out of order, or already read from the database.
      const at = lines.findIndex((l) => l.seq >= line.seq);
      if (lines[at]?.seq === line.seq) return;
      lines.splice(at, 0, line);
    }
    if (lines.length > CHAT_REPLAY_LINES_MAX) lines.splice(0, lines.length - CHAT_REPLAY_LINES_MAX);
    entry.lastSeq = Math.max(entry.lastSeq, line.seq);
    entry.json = null;
  }

  function apply(entry: Entry, event: string, data: unknown): void {
    if (event === 'message') insertLine(entry, data as ChatLine);
    else if (event === 'gifts') {
      const known = new Set(entry.gifts.map((g) => g.transferId));
      for (const gift of (data as GiftBatch).gifts)
        if (!known.has(gift.transferId)) entry.gifts.push({ ...gift, afterSeq: entry.lastSeq });
      if (entry.gifts.length > CHAT_HISTORY_ON_JOIN) entry.gifts.splice(0, entry.gifts.length - CHAT_HISTORY_ON_JOIN);
      entry.json = null;
    } else if (event === 'action' && (data as ChatAction).type === 'freeze') entry.frozen = (data as ChatAction).on;
  }

  async function load(room: string, channelId: number, entry: Entry): Promise<void> {
    await hearing?.(room);
    const state = await roomState(db, room);
    const lines = await recentLines(db, room, CHAT_HISTORY_ON_JOIN);
    entry.gifts = await recentGifts(db, channelId, lines, CHAT_HISTORY_ON_JOIN);
    entry.frozen = state.frozen;
    entry.lastSeq = Math.max(entry.lastSeq, state.lastSeq);
    for (const line of lines) insertLine(entry, line);
    const early = entry.early ?? [];
    entry.early = null;
    for (const [event, data] of early) apply(entry, event, data);
  }

  /** The room's entry, loaded: the caller's socket has joined the room already. */
  async function ready(room: string, channelId: number): Promise<Entry> {
    let entry = rooms.get(room);
    if (!entry) {
      entry = { lines: [], gifts: [], lastSeq: 0, frozen: false, early: [], loading: null, json: null };
      rooms.set(room, entry);
      const e = entry;
      entry.loading = load(room, channelId, entry).then(
        () => {
          e.loading = null;
        },
        (err) => {
          if (rooms.get(room) === e) rooms.delete(room);
          throw err;
        },
      );
    }
    if (entry.loading) await entry.loading;
    return entry;
  }

  return {
    /** Drops every room (read again on its next join): after a break in the link to the other processes. */
    forget(): void {
      rooms.clear();
    },

    /** Something this process delivers to `room`'s sockets (observeRoomBroadcasts). */
    observe(room: string, event: string, data: unknown): void {
      // A live started, changed (its password) or stopped: the next join reads the access facts again.
      if (event === 'event' && String((data as { type?: unknown })?.type).startsWith('broadcast_')) access.delete(room);
      const entry = rooms.get(room);
      if (!entry) return;
      if (entry.early) entry.early.push([event, data]);
      else apply(entry, event, data);
    },

    /** The channel's access facts, shared by the joins of ACCESS_TTL_MS (null: no such channel). */
    access(room: string, now = Date.now()): Promise<RoomAccess | null> {
      const hit = access.get(room);
      if (hit && now - hit.at < accessTtlMs) return hit.value;
      const value = loadChannel(db, room).then(async (channel) =>
        channel ? { channel, protectedLiveId: await protectedLiveId(db, channel.id) } : null,
      );
      // A failed read is not kept; a missing channel is (ROOM_PATTERN lets many numbers through).
      value.catch(() => access.delete(room));
      access.set(room, { at: now, value });
      if (access.size > 10_000) for (const [r, a] of access) if (now - a.at >= accessTtlMs) access.delete(r);
      return value;
    },

    /** A first join's seq, freeze and history (lines and the gifts among them), serialised once per change. */
    async snapshot(room: string, channelId: number): Promise<RoomSnapshot> {
      const entry = await ready(room, channelId);
      if (!entry.json) {
        const lines = entry.lines.slice(-CHAT_HISTORY_ON_JOIN);
        const oldest = lines[0] ? Date.parse(lines[0].at) : Date.now() - CHAT_REPLAY_AGE_MS;
        const gifts = entry.gifts.filter((g) => Date.parse(g.at) >= oldest);
        entry.json = { replay: new RawJson(JSON.stringify(lines)), gifts: new RawJson(JSON.stringify(gifts)) };
      }
      return { seq: entry.lastSeq, frozen: entry.frozen, ...entry.json };
    },

    /**
     * A rejoin's replay from memory when the cache holds every line after `lastSeq` (else null: the
     * database answers), bounded as room-store.ts's replaySince is.
     */
    async replaySince(
      room: string,
      channelId: number,
      lastSeq: number,
      now = Date.now(),
    ): Promise<{ replay: ChatLine[]; missed: number; seq: number; frozen: boolean } | null> {
      const entry = await ready(room, channelId);
      const { lines, lastSeq: seq, frozen } = entry;
      if (seq <= lastSeq) return { replay: [], missed: 0, seq, frozen };
      const from = lines.findIndex((l) => l.seq > lastSeq);
      // Every seq after lastSeq must be here (seqs have no holes): else the database answers.
      if (from < 0 || lines[from]!.seq !== lastSeq + 1 || lines.length - from !== seq - lastSeq) return null;
      const after = now - CHAT_REPLAY_AGE_MS;
      const replay = lines
        .slice(from)
        .filter((l) => Date.parse(l.at) > after)
        .slice(-CHAT_REPLAY_LINES_MAX);
      const first = replay[0]?.seq ?? seq + 1;
      return { replay, missed: Math.max(0, first - lastSeq - 1), seq, frozen };
    },
  };
}

export type RoomCache = ReturnType<typeof createRoomCache>;

interface Packet {
  type: number;
  data?: unknown[];
}
interface ObservableAdapter {
  uid?: string;
  nsp: { name: string };
  broadcast(packet: Packet, opts: { rooms: Set<string>; flags?: unknown }): void;
  onMessage?(message: ClusterMessage, offset?: string): unknown;
}
interface ClusterMessage {
  uid?: string;
  nsp?: string;
  type?: number;
  data?: { packet?: Packet; opts?: { rooms?: string[] }; requestId?: string };
}
const EVENT_PACKET = 2;
/** socket.io-adapter's MessageType.BROADCAST. */
const CLUSTER_BROADCAST = 3;

/**
 * Calls `seen(room, event, data)` for every event this process delivers to one room's sockets:
 * its own emits (the adapter's `broadcast`) and the other processes' broadcasts (a cluster
 * adapter's `onMessage`), in the same turn they reach the sockets. Set after `io.adapter(…)`.
 */
export function observeRoomBroadcasts(
  io: ChatServer,
  seen: (room: string, event: string, data: unknown) => void,
): void {
  const adapter = io.of('/').adapter as unknown as ObservableAdapter;
  const tell = (packet: Packet | undefined, rooms: Iterable<string> | undefined) => {
    if (packet?.type !== EVENT_PACKET || !Array.isArray(packet.data) || typeof packet.data[0] !== 'string') return;
    const list = rooms ? [...rooms] : [];
    if (list.length === 1) seen(list[0]!, packet.data[0], packet.data[1]);
  };
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, opts) => {
    tell(packet, opts.rooms);
    broadcast(packet, opts);
  };
  const onMessage = adapter.onMessage?.bind(adapter);
  if (onMessage)
    adapter.onMessage = (message, offset) => {
      if (
        message?.type === CLUSTER_BROADCAST &&
        message.uid !== adapter.uid &&
        message.nsp === adapter.nsp.name &&
        message.data?.requestId === undefined
      )
        tell(message.data?.packet, message.data?.opts?.rooms);
      return onMessage(message, offset);
    };
}
