/**
 * Gift announcements go out batched per room: the gifts published during one turn of the event
 * loop (the ledger commits its gifts in batches, so a rush publishes many at once) leave as one
 * `gifts` frame per room instead of one frame per gift to every socket of the room.
 */
import type { GiftEventData } from '../../domain/chat-events.ts';
import type { ChatServer } from './types.ts';

/** The most gifts one frame carries; a larger turn goes out in several frames, in order. */
export const GIFTS_PER_FRAME_MAX = 100;

export function createGiftAnnouncer(io: ChatServer): { add(room: string, gift: GiftEventData): void } {
  let pending: Map<string, GiftEventData[]> | null = null;
  function flush(rooms: Map<string, GiftEventData[]>): void {
    for (const [room, gifts] of rooms)
      for (let i = 0; i < gifts.length; i += GIFTS_PER_FRAME_MAX)
        io.to(room).emit('gifts', { room, gifts: gifts.slice(i, i + GIFTS_PER_FRAME_MAX) });
  }
  return {
    add(room, gift) {
      if (!pending) {
        const rooms = (pending = new Map());
        setImmediate(() => {
          pending = null;
          flush(rooms);
        });
      }
      const gifts = pending.get(room);
      if (gifts) gifts.push(gift);
      else pending.set(room, [gift]);
    },
  };
}
