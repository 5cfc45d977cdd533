import type { Server, Socket } from 'socket.io';
import type {
  ChatAction,
  ChatViewerList,
  ClientToServerEvents,
  ServerToClientEvents,
} from '../../domain/chat-events.ts';
import type { Db } from '../db/client.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { RoomCache } from './room-cache.ts';
import type { ChatRulesRuntime } from './rules.ts';
import type { ChatMember } from './tickets.ts';

export interface SocketData {
  /** null = guest: may read, may not send or act. */
  member: ChatMember | null;
}

/** One process's viewer counts per room, shared with the other processes (see viewers.ts). */
export interface ViewerShare {
  node: string;
  counts: Record<string, number>;
}
/**
 * A member put out of a room (kick, blacklist): what the room and the member hear, and who leaves it (see removal.ts).
 */
export interface RoomRemoval {
  room: string;
  memberId: number;
  action: ChatAction;
}
export interface ServerSideEvents {
  viewers(share: ViewerShare): void;
  removal(removal: RoomRemoval): void;
  /** A channel's chat rules changed: every process drops its copy (api/chat/rules.ts). */
  chat_rules(change: { channelId: number }): void;
  /** Who is in a room on the answering process (api/chat/viewer-list.ts). */
  viewer_list(room: string, answer: (share: LocalViewers) => void): void;
}

/** One process's viewers of a room: members as [id, loginId, nickname], each once, and a count of guests. */
export interface LocalViewers {
  members: [number, string, string][];
  guests: number;
}

export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface ChatContext {
  io: ChatServer;
  db: Db;
  /** Signs live passes (password-protected lives), the same secret as api/lives/streams-access.ts. */
  secret: string;
  limiter: RateLimiter;
  /** Announces the room's viewer count soon (coalesced). */
  viewersChanged(room: string): void;
  /** Tells a kick or blacklisting and takes the member's sockets out of the room, on every process (removal.ts). */
  removeFromRoom(removal: RoomRemoval): void;
  /** What a join reads, in memory per room: access facts, history, seq (api/chat/room-cache.ts). */
  rooms: RoomCache;
  /** Serialises the sends of one room in this process, so lines go out in seq order. */
  inRoomOrder<T>(room: string, work: () => Promise<T>): Promise<T>;
  /** The rooms' chat rules, cached in this process and checked on every line (api/chat/rules.ts). */
  rules: ChatRulesRuntime;
  /** Who is in a room, across processes, cached a few seconds (api/chat/viewer-list.ts). */
  viewerList(room: string): Promise<ChatViewerList | null>;
}

/** Room of all sockets of one member, to reach them across processes (kick, blacklist). */
export const memberRoom = (memberId: number) => `m:${memberId}`;
