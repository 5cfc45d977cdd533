/**
 * The realtime chat server: socket.io on the API's HTTP server, websocket transport only.
 * No connectionStateRecovery: the Redis adapter lacks it, and it would skip the handshake checks
 * on a recovered connection; gap-free delivery comes from per-room seqs and the replay on join.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import {
  CHAT_FRAME_BYTES_MAX,
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_MS,
  ALL_ROOMS,
  CHAT_UNAUTHORIZED,
  type ChatEvent,
} from '../../domain/chat-events.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { streams } from '../db/schema/index.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { useRedisAdapter } from './adapter.ts';
import { registerActionHandlers } from './action-handlers.ts';
import { createGiftAnnouncer } from './gift-announcer.ts';
import { originAllowed } from './origin.ts';
import { createRateLimiter } from './rate-limit.ts';
import { spliceRawJson } from './raw-json.ts';
import { createRoomCache, observeRoomBroadcasts } from './room-cache.ts';
import { createRoomQueue } from './room-order.ts';
import { createRoomRemover } from './removal.ts';
import { registerRoomHandlers } from './room-handlers.ts';
import { consumeTicket, loadChatMember, type ChatMember } from './tickets.ts';
import { memberRoom, type ChatContext, type ChatServer } from './types.ts';
import { createViewerAnnouncer } from './viewers.ts';
import { createChatRules } from './rules.ts';
import { createViewerList } from './viewer-list.ts';

export interface ChatOptions {
  config: Pick<Config, 'jwtSecret' | 'allowedOrigins' | 'databaseUrl'>;
  database: Database;
  /** The Redis that links the API processes' rooms (api/chat/adapter.ts); absent, the rooms live in this process. */
  redisUrl?: string | null;
  /** How long a channel's access facts serve joins (room-cache.ts ACCESS_TTL_MS; tests that edit the database directly: 0). */
  accessTtlMs?: number;
  /** Overrides of the per-member send budget (tests, benchmarks). */
  rateMax?: number;
  rateWindowMs?: number;
  viewerCountIntervalMs?: number;
  /** How often connected members are re-checked (revoked session, block). */
  sessionSweepMs?: number;
}

export const CHAT_SESSION_SWEEP_MS = 30_000;

export interface Chat {
  io: ChatServer;
  /** Channel status changes reach the room as `event`; gifts as `gifts`, batched per room (gift-announcer.ts). */
  publish(event: ChatEvent): void;
  close(): Promise<void>;
}

function unauthorized(): Error {
  return Object.assign(new Error(CHAT_UNAUTHORIZED), { data: { code: 'unauthorized' } });
}

export async function attachChat(httpServer: HttpServer, options: ChatOptions): Promise<Chat> {
  const { config, database } = options;
  const io: ChatServer = new Server(httpServer, {
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: CHAT_FRAME_BYTES_MAX,
    allowRequest: (req, callback) => callback(null, originAllowed(req.headers, config.allowedOrigins)),
  });
  // Joins answer with their room's history serialised once per change (raw-json.ts, room-cache.ts).
  spliceRawJson(io);
  const link = options.redisUrl ? await useRedisAdapter(io, options.redisUrl) : null;
  /** Several processes share the rooms (the Redis adapter): counts, removals and rules are told to the others. */
  const clustered = link !== null;
  const rooms = createRoomCache(io, database.db, { hearing: link?.hearing, accessTtlMs: options.accessTtlMs });
  observeRoomBroadcasts(io, rooms.observe);
  // After a break in the link this process may have missed lines: the rooms are read again.
  link?.onBreak(rooms.forget);

  io.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
      socket.data.member = await identify(database, config.jwtSecret, auth);
      next();
    } catch (err) {
      next(err instanceof Error && err.message === CHAT_UNAUTHORIZED ? err : unauthorized());
    }
  });

  const viewers = createViewerAnnouncer(io, {
    intervalMs: options.viewerCountIntervalMs,
    shared: clustered,
    onTotal: (room, total) => void recordViewers(database, room, total).catch(() => {}),
  });
  const ctx: ChatContext = {
    io,
    db: database.db,
    secret: config.jwtSecret,
    limiter: createRateLimiter(options.rateMax ?? CHAT_RATE_MAX, options.rateWindowMs ?? CHAT_RATE_WINDOW_MS),
    viewersChanged: (room) => viewers.changed(room),
    removeFromRoom: createRoomRemover(io, clustered),
    inRoomOrder: createRoomQueue(),
    rooms,
    rules: createChatRules(io, database.db, clustered),
    viewerList: createViewerList(io, database.db, clustered),
  };
  io.on('connection', (socket) => {
    if (socket.data.member) void socket.join(memberRoom(socket.data.member.id));
    registerRoomHandlers(ctx, socket);
    registerActionHandlers(ctx, socket);
  });

  const gifts = createGiftAnnouncer(io);
  const sweep = setInterval(() => void dropRevoked(io, database), options.sessionSweepMs ?? CHAT_SESSION_SWEEP_MS);
  sweep.unref();

  return {
    io,
    publish: (event) => {
      if (event.type === 'gift') gifts.add(event.room, event.data);
      else if (event.type === 'chat_rules') ctx.rules.announce(event);
      else if (event.room === ALL_ROOMS) io.emit('event', event);
      else io.to(event.room).emit('event', event);
    },
    async close() {
      clearInterval(sweep);
      viewers.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await link?.close();
    },
  };
}

/** The live's viewer count for the lists (a lost write is corrected by the next change). */
async function recordViewers(database: Database, room: string, total: number): Promise<void> {
  const channelId = Number(room);
  if (!Number.isSafeInteger(channelId)) return;
  await database.db
    .update(streams)
    .set({ viewers: total })
    .where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)));
}

/** No ticket and no token: a guest. A ticket or token that does not check out: Unauthorized. */
async function identify(
  database: Database,
  jwtSecret: string,
  auth: Record<string, unknown>,
): Promise<ChatMember | null> {
  const { ticket, token, type } = auth;
  if (ticket !== undefined && ticket !== null && ticket !== '') {
    const member = await consumeTicket(database.db, ticket);
    if (!member) throw unauthorized();
    return member;
  }
  // Clients outside the browser (which can read their token) may authenticate with it directly.
  if (type === 'oauth' && typeof token === 'string' && token !== '') {
    const claims = await verifyAccessToken(token, jwtSecret);
    const member = claims ? await loadChatMember(database.db, Number(claims.sub), claims.sid) : null;
    if (!member) throw unauthorized();
    return member;
  }
  return null;
}

/**
 * A logout, a revoked session or a block ends the member's chat connections too (SECURITY-CHECKLIST:
 * "a revoked session is disconnected"); the client then needs a fresh ticket, which the dead session
 * cannot buy.
 */
async function dropRevoked(io: ChatServer, database: Database): Promise<void> {
  const verdicts = new Map<string, Promise<boolean>>();
  for (const socket of io.of('/').sockets.values()) {
    const member = socket.data.member;
    if (!member) continue;
    const key = `${member.id}:${member.sessionId ?? ''}`;
    if (!verdicts.has(key))
      verdicts.set(
        key,
        loadChatMember(database.db, member.id, member.sessionId).then(
          (m) => m === null,
          () => false,
        ),
      );
    if (await verdicts.get(key)) socket.disconnect(true);
  }
}
