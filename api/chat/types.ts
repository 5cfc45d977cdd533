import type { Server, Socket } from 'socket.io';
import type { ChatAction, ClientToServerEvents, ServerToClientEvents } from '../../domain/chat-events.ts';
import type { Db } from '../db/client.ts';
import type { RateLimiter } from './rate-limit.ts';
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
  /** Serialises the sends of one room in this process, so lines go out in seq order. */
  inRoomOrder<T>(room: string, work: () => Promise<T>): Promise<T>;
}

/** Room of all sockets of one member, to reach them across processes (kick, blacklist). */
export const memberRoom = (memberId: number) => `m:${memberId}`;
