/**
 * Viewer counts go out as `connection` at most once per interval per room: with thousands joining
 * at once, one broadcast per join would be quadratic.
 */
import type { ChatServer } from './types.ts';

export const VIEWER_COUNT_INTERVAL_MS = 1000;

export function createViewerAnnouncer(io: ChatServer, intervalMs = VIEWER_COUNT_INTERVAL_MS) {
  const pending = new Map<string, NodeJS.Timeout>();
  return {
    changed(room: string) {
      if (pending.has(room)) return;
      const timer = setTimeout(() => {
        pending.delete(room);
        // This process's sockets only: the postgres adapter would need a round trip to every node.
        const viewers = io.of('/').adapter.rooms.get(room)?.size ?? 0;
        io.to(room).emit('connection', { room, viewers });
      }, intervalMs);
      timer.unref();
      pending.set(room, timer);
    },
    close() {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}
