/** Test app for the channel resources: the API's routes over a fresh seeded database. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ChatEvent } from '../../domain/chat-events.ts';
import type { ApiEnv } from '../app-env.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { channels, members } from '../db/schema/index.ts';
import { seedDemoData } from '../db/seed.ts';
import { openTestDatabase } from './test-db.ts';
import { mountRoutes } from '../http/index.ts';
import { issueStreamKey } from '../ingest/keys.ts';
import { acceptPublish, publishDone } from '../ingest/lifecycle.ts';
import { loadIngest, setIngest } from '../providers/ingest/index.ts';

/** Test bodies are checked with expect(); typing each shape here would only repeat the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export async function channelsTestApp() {
  const database: Database = await openTestDatabase();
  await seedDemoData(database.db);
  const config = loadConfig({ PLATFORM_ENV: 'test' });
  const app = new Hono<ApiEnv>();
  /** What the API told chat rooms. */
  const published: ChatEvent[] = [];
  const chat = { publish: (e: ChatEvent) => void published.push(e) };
  // One deps object for every request, as in the real app: per-deps state (rate limits) lives on it.
  const deps = { config, database, chat };
  /** Lives whose encoder the API cut (no media server runs here: the cut is only recorded). */
  const cuts: number[] = [];
  const ingest = loadIngest({ PLATFORM_ENV: 'test', MEDIA_DIR: join(tmpdir(), 'channels-test-media-none') }, 'test');
  ingest.provider.cutPublisher = async (_db, live) => void cuts.push(live.streamId);
  setIngest(deps, ingest);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  mountRoutes(app);
  const idOf = async (loginId: string) => (await database.db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId)))[0]!.id;
  const channelOf = async (loginId: string) =>
    (
      await database.db
        .select({ id: channels.id })
        .from(channels)
        .where(eq(channels.ownerId, await idOf(loginId)))
    )[0]!.id;
  /** A Cookie header for the member, as the browser would send it. */
  const cookieFor = async (loginId: string) => `flx_oauth_access=${await signAccessToken(await idOf(loginId), 'test-session', config.jwtSecret)}`;
  const request = (path: string, init: RequestInit & { as?: string } = {}): Promise<TestResponse> =>
    (async () => {
      const headers = new Headers(init.headers);
      if (init.as) headers.set('cookie', [headers.get('cookie'), await cookieFor(init.as)].filter(Boolean).join('; '));
      return app.request(path, { ...init, headers });
    })();
  /** The key each channel's "encoder" has, and the connection it pushes on now. */
  const encoders = new Map<number, { key: string; clientId: string | null }>();
  let connections = 0;
  /**
   * What the media server's on_publish does when an encoder connects with the channel's key (no
   * media server runs here): the channel goes on air as with real video. Answers the outcome.
   */
  const encoderPublishes = async (channelId: number) => {
    const encoder = encoders.get(channelId) ?? { key: (await issueStreamKey(deps, channelId, 'panel')).streamKey, clientId: null };
    encoder.clientId = String(++connections);
    encoders.set(channelId, encoder);
    return acceptPublish(deps, { key: encoder.key, clientId: encoder.clientId });
  };
  /** The media server's on_publish_done for the channel's encoder: the live waits the reconnect grace. */
  const encoderStops = async (channelId: number) => {
    const encoder = encoders.get(channelId);
    if (encoder?.clientId) await publishDone(deps, { key: encoder.key, clientId: encoder.clientId });
  };
  return { app, database, config, deps, idOf, channelOf, cookieFor, request, published, cuts, encoderPublishes, encoderStops };
}
