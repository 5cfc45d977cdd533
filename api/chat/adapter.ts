/**
 * How the chat's rooms span API processes (docs/DEPLOY.md "Chat across processes"): with
 * `REDIS_URL`, socket.io's Redis adapter in sharded mode (Redis ≥ 7 sharded pub/sub: a process
 * subscribes only to the rooms it has sockets in, and every room is its own channel); without it,
 * socket.io's in-memory adapter — one process holds every room.
 */
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { ChatServer } from './types.ts';

export interface ChatAdapterSetting {
  /** redis:// or rediss:// of a Redis ≥ 7; null = one process, rooms in memory. */
  redisUrl: string | null;
}

/** The adapter setting from the environment; throws (a plain Error: a setting problem) when REDIS_URL is not a Redis URL. */
export function chatAdapterSetting(env: NodeJS.ProcessEnv): ChatAdapterSetting {
  const value = env.REDIS_URL?.trim();
  if (!value) return { redisUrl: null };
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname)
    throw new Error('REDIS_URL: not a redis:// or rediss:// URL (the chat adapter across API processes)');
  return { redisUrl: value };
}

export interface ClusterLink {
  /** Resolves once this process receives `room`'s broadcasts (its room channel is subscribed). */
  hearing(room: string): Promise<void>;
  /** Called when the link to Redis broke: what this process heard meanwhile may have gaps. */
  onBreak(listener: () => void): void;
  close(): Promise<void>;
}

/** Puts `io` on the sharded Redis adapter (two clients: publish, subscribe). */
export async function useRedisAdapter(io: ChatServer, redisUrl: string): Promise<ClusterLink> {
  const breaks: (() => void)[] = [];
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // Without a listener an error would crash the process; the client reconnects by itself.
    client.on('error', (err: Error) => console.error(`[chat] redis: ${err.message}`));
    client.on('reconnecting', () => {
      for (const listener of breaks) listener();
    });
  }
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createShardedAdapter(pub, sub, { subscriptionMode: 'dynamic' }));
  const adapter = io.of('/').adapter as unknown as { dynamicChannel(room: string): string };
  const noop = () => {};
  return {
    // The adapter subscribes without waiting; a second SSUBSCRIBE of the channel on the same
    // connection is answered after the first, so when it resolves, the room is heard.
    hearing: async (room) => {
      await sub.sSubscribe(adapter.dynamicChannel(room), noop);
    },
    onBreak: (listener) => breaks.push(listener),
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
