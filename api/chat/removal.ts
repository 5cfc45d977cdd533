/**
 * A member put out of a room (kick, blacklist) on every process, as one message per process.
 *
 * Told as two cluster messages (the room's `action`, then `socketsLeave`), the two could reach the
 * member's own process in either order (the postgres adapter this replaced published each with its
 * own `pg_notify` on any connection of its pool, and saw it once under load; the sharded Redis
 * adapter promises no order across channels either). A member could then hear of the kick and still
 * get the room's next lines. Here each process,
 * this one directly and the others through `serverSideEmit`, tells its own sockets and takes the
 * member's out of the room in the same turn: by the time the member hears it, it is out.
 */
import { memberRoom, type ChatServer, type RoomRemoval } from './types.ts';

function removeHere(io: ChatServer, { room, memberId, action }: RoomRemoval): void {
  // One emit: a socket in both rooms gets one copy.
  io.local.to(room).to(memberRoom(memberId)).emit('action', action);
  io.local.in(memberRoom(memberId)).socketsLeave(room);
}

/**
 * `removeFromRoom` for the chat's context; `shared`: other processes share the rooms (the Redis
 * adapter), so they are told too and their removals are applied here.
 */
export function createRoomRemover(io: ChatServer, shared: boolean): (removal: RoomRemoval) => void {
  if (shared) io.on('removal', (removal) => removeHere(io, removal));
  return (removal) => {
    removeHere(io, removal);
    if (shared) io.serverSideEmit('removal', removal);
  };
}
