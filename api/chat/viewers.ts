/**
 * Viewer counts go out as `connection` at most once per interval per room: with thousands joining
 * at once, one broadcast per join would be quadratic.
 *
 * With several API processes (the Redis adapter, adapter.ts) a room's viewers are spread over them. Each
 * process shares its own counts with the others (`serverSideEmit`, on change and every heartbeat)
 * and tells its own sockets the sum, so every viewer sees the whole room. A process that dies stops
 * sending heartbeats and its share drops out after PEER_COUNT_TTL_MS.
 */
import { randomUUID } from 'node:crypto';
import type { ChatServer, ViewerShare } from './types.ts';

export const VIEWER_COUNT_INTERVAL_MS = 1000;
export const VIEWER_HEARTBEAT_MS = 5000;
export const PEER_COUNT_TTL_MS = 3 * VIEWER_HEARTBEAT_MS;

export interface ViewerAnnouncerOptions {
  intervalMs?: number;
  /** Share counts with other processes (only when an adapter connects them). */
  shared?: boolean;
  heartbeatMs?: number;
  /** Called with a room's total when it changed (the live lists read it from the database). */
  onTotal?: (room: string, total: number) => void;
}

export function createViewerAnnouncer(
  io: ChatServer,
  {
    intervalMs = VIEWER_COUNT_INTERVAL_MS,
    shared = false,
    heartbeatMs = VIEWER_HEARTBEAT_MS,
    onTotal,
  }: ViewerAnnouncerOptions = {},
) {
  const node = randomUUID();
  const pending = new Map<string, NodeJS.Timeout>();
  /** room → process → its last reported count. */
  const peers = new Map<string, Map<string, { count: number; at: number }>>();
  /** Rooms this process has had viewers in (socket ids and member rooms are not chat rooms). */
  const rooms = new Set<string>();
  const localCount = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;
  const reported = new Map<string, number>();
  const told = new Map<string, number>();
  /** Rooms whose local count changed since this process last shared it. */
  const unshared = new Set<string>();

  function total(room: string): number {
    let sum = localCount(room);
    const now = Date.now();
    const byNode = peers.get(room);
    for (const [id, share] of byNode ?? []) {
      if (now - share.at <= PEER_COUNT_TTL_MS) sum += share.count;
      else byNode!.delete(id);
    }
    if (byNode?.size === 0) peers.delete(room);
    return sum;
  }

  function share(counts: Record<string, number>): void {
    if (shared && Object.keys(counts).length) io.serverSideEmit('viewers', { node, counts });
  }

  /** Recounts the room soon: shares a changed local count, tells local sockets a changed total. */
  function schedule(room: string, localChanged: boolean): void {
    if (localChanged) unshared.add(room);
    if (pending.has(room)) return;
    const timer = setTimeout(() => {
      pending.delete(room);
      const local = localCount(room);
      const tell = unshared.delete(room);
      if (tell) share({ [room]: local });
      const viewers = total(room);
      if (local > 0 && (tell || told.get(room) !== viewers)) {
        io.local.to(room).emit('connection', { room, viewers });
        told.set(room, viewers);
      }
      if (local === 0) {
        rooms.delete(room);
        told.delete(room);
      }
      if (reported.get(room) !== viewers) {
        onTotal?.(room, viewers);
        reported.set(room, viewers);
      }
      if (viewers === 0 && !peers.has(room)) reported.delete(room);
    }, intervalMs);
    timer.unref();
    pending.set(room, timer);
  }

  if (shared) {
    io.on('viewers', (msg: ViewerShare) => {
      if (!msg || msg.node === node || typeof msg.counts !== 'object') return;
      const at = Date.now();
      for (const [room, count] of Object.entries(msg.counts)) {
        if (typeof count !== 'number') continue;
        let byNode = peers.get(room);
        if (!byNode) peers.set(room, (byNode = new Map()));
        const before = byNode.get(msg.node)?.count;
        byNode.set(msg.node, { count, at });
        if (before !== count) schedule(room, false);
      }
    });
  }
  // The heartbeat also recounts every known room, so the share of a process that died drops out.
  const heartbeat = shared
    ? setInterval(() => {
        share(Object.fromEntries([...rooms].map((r) => [r, localCount(r)])));
        for (const room of new Set([...rooms, ...peers.keys()])) schedule(room, false);
      }, heartbeatMs)
    : null;
  heartbeat?.unref();

  return {
    changed(room: string) {
      rooms.add(room);
      schedule(room, true);
    },
    /** The room's viewers across every process this one has heard from. */
    total,
    close() {
      if (heartbeat) clearInterval(heartbeat);
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}
