/**
 * The one way a test builds the API: the real createApp() (api/app.ts) over a fresh, migrated test
 * database (api/testing/test-db.ts) with the demo data (accounts, channels, lives, money), uploads
 * in a temporary folder, chat announcements recorded, and a caller per member
 * (api/testing/requests.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ChatEvent } from '../../domain/chat-events.ts';
import { COOKIE } from '../../domain/cookies.ts';
import type { ApiEnv, Deps, DepsInput } from '../app-env.ts';
import { createApp } from '../app.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { channels, members } from '../db/schema/index.ts';
import { seedDemoData } from '../db/seed.ts';
import { checkLedger } from '../ledger/invariants.ts';
import type { DevelopmentGateway } from '../providers/payment/development.ts';
import { buildServices } from '../services.ts';
import { createDiskStorage } from '../storage/disk-storage.ts';
import { caller, type Caller, type CallerOptions } from './requests.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestAppOptions {
  /** What loadConfig() reads (`PLATFORM_ENV: 'test'` unless it says otherwise). */
  env?: NodeJS.ProcessEnv;
  /**
   * A database to use as it is (no migration, no seed: the caller prepared it), left open by
   * close(); by default a fresh one with the demo data.
   */
  database?: Database;
  /** The client IP every caller names (`x-forwarded-for`) unless as() says otherwise; none by default. */
  ip?: string;
  /** Further dependencies (storage, chat, a service …); `chat` replaces the `published` recorder. */
  deps?: Partial<Omit<DepsInput, 'config' | 'database'>>;
}

export interface TestApp {
  app: Hono<ApiEnv>;
  database: Database;
  config: Config;
  /** The app's resources and services (api/services.ts); a test may swap a service (`deps.ingest = …`). */
  deps: Deps;
  /** The app's payment simulator (`deps.payment`); throws when the configuration names another gateway. */
  readonly simulator: DevelopmentGateway;
  /** Login ID → member id of every member when the app was built (the demo accounts). */
  ids: Record<string, number>;
  /** Owner's login ID → channel id of every channel when the app was built. */
  channelIds: Record<string, number>;
  /** What the routes told chat rooms (deps.chat.publish), in order. */
  published: ChatEvent[];
  /** The folder of the default upload storage ('' when `deps.storage` was given). */
  uploadsDir: string;
  /** Requests as `loginId` (any member, also one added by the test), or as a guest with null. */
  as(loginId: string | null, options?: CallerOptions): Caller;
  /** An access token of `loginId` (one session per member and app). */
  tokenOf(loginId: string): Promise<string>;
  /** The Cookie header a browser signed in as `loginId` sends. */
  cookieOf(loginId: string): Promise<string>;
  close(): Promise<void>;
}

export async function openTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ PLATFORM_ENV: 'test', ...options.env });
  const database = options.database ?? (await openTestDatabase());
  if (!options.database) await seedDemoData(database.db);
  const temp = options.deps?.storage ? '' : await mkdtemp(join(tmpdir(), 'api-test-'));
  const uploadsDir = temp && join(temp, 'uploads');
  const published: ChatEvent[] = [];
  const deps = buildServices({
    config,
    database,
    chat: { publish: (e) => void published.push(e) },
    ...(uploadsDir ? { storage: createDiskStorage(uploadsDir) } : {}),
    ...options.deps,
  });
  const { db } = database;
  const ids = Object.fromEntries(
    (await db.select({ id: members.id, loginId: members.loginId }).from(members)).map((m) => [m.loginId, m.id]),
  );
  const owned = await db
    .select({ id: channels.id, loginId: members.loginId })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId));
  const channelIds = Object.fromEntries(owned.map((c) => [c.loginId, c.id]));
  const app = createApp(deps);
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (loginId: string) => {
    if (!tokens.has(loginId))
      tokens.set(
        loginId,
        memberIdOf(database, ids, loginId).then((id) => signAccessToken(id, `s-${loginId}`, config.jwtSecret)),
      );
    return tokens.get(loginId)!;
  };
  return {
    app,
    database,
    config,
    deps,
    ids,
    channelIds,
    published,
    uploadsDir,
    get simulator() {
      const gateway = deps.payment;
      if (gateway?.name !== 'development')
        throw new Error(`the gateway is ${gateway?.name ?? 'none'}, not the simulator`);
      return gateway as DevelopmentGateway;
    },
    as: (loginId, callerOptions) =>
      caller(app, loginId === null ? null : () => tokenOf(loginId), { ip: options.ip, ...callerOptions }),
    tokenOf,
    cookieOf: async (loginId) => `${COOKIE.access}=${await tokenOf(loginId)}`,
    async close() {
      if (!options.database) await database.close();
      if (temp) await rm(temp, { recursive: true, force: true });
    },
  };
}

/** The member id of `loginId`: from the demo ids, else looked up (a member the test added). */
async function memberIdOf(database: Database, ids: Record<string, number>, loginId: string): Promise<number> {
  if (ids[loginId] !== undefined) return ids[loginId];
  const [row] = await database.db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  if (!row) throw new Error(`no member ${loginId}`);
  return row.id;
}

/**
 * A test app for the whole file: built before its tests, closed after them (after checking every
 * ledger invariant with `checkLedger`, for suites that move money). Usable inside tests and hooks
 * only; the file's own beforeAll hooks run after this one, its afterAll hooks before it.
 */
export function useTestApp(options: TestAppOptions & { checkLedger?: boolean } = {}): TestApp {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await openTestApp(options);
  });
  afterAll(async () => {
    if (!opened) return;
    if (options.checkLedger) expect((await checkLedger(opened.database.db)).problems).toEqual([]);
    await opened.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!opened) throw new Error('the test app exists only inside tests and hooks');
      return Reflect.get(opened, key);
    },
  });
}
