/**
 * For tests: a migrated test database with the demo accounts and money, the money routes mounted on
 * a real Hono app, and a `call()` that signs in as a demo account.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { ChatEvent } from '../../domain/chat-events.ts';
import { checkLedger } from '../ledger/invariants.ts';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from '../app-env.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { members } from '../db/schema/index.ts';
import { openTestDatabase } from './test-db.ts';
import { mountRoutes } from '../http/index.ts';
import { seedLedger } from '../ledger/seed.ts';

export interface LedgerTestApp {
  database: Database;
  app: Hono<ApiEnv>;
  ids: Record<string, number>;
  /** What the routes told chat rooms (deps.chat.publish), in order. */
  published: ChatEvent[];
  call(
    loginId: string | null,
    method: string,
    path: string,
    body?: unknown,
    key?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function openLedgerTestApp(): Promise<LedgerTestApp> {
  const config = loadConfig({ PLATFORM_ENV: 'test' });
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  await seedLedger(database.db);
  const ids = Object.fromEntries((await database.db.select({ id: members.id, loginId: members.loginId }).from(members)).map((m) => [m.loginId, m.id]));
  const published: ChatEvent[] = [];
  const deps = { config, database, chat: { publish: (e: ChatEvent) => void published.push(e) } };
  const app = new Hono<ApiEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  mountRoutes(app);
  app.onError((err, c) => {
    console.error(err);
    return c.json({ error: 'internal', error_msg: String(err) }, 500);
  });
  const tokens = new Map<string, string>();
  async function call(loginId: string | null, method: string, path: string, body?: unknown, key?: string, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (loginId) {
      if (!tokens.has(loginId)) tokens.set(loginId, await signAccessToken(ids[loginId]!, `s-${loginId}`, config.jwtSecret));
      h.cookie = `flx_oauth_access=${tokens.get(loginId)}${h.cookie ? `; ${h.cookie}` : ''}`;
    }
    if (key) h['idempotency-key'] = key;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await app.request(path, { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  return { database, app, ids, published, call, close: () => database.close() };
}

export async function memberId(database: Database, loginId: string): Promise<number> {
  const [row] = await database.db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  return row!.id;
}

/**
 * Registers the usual hooks of a money test file: a fresh seeded app before the tests, and after
 * them a check of every ledger invariant, then close. Returns the app (usable inside tests only).
 * The file's own beforeAll hooks run after this one, its afterAll hooks before it.
 */
export function useLedgerTestApp(): LedgerTestApp {
  let opened: LedgerTestApp | undefined;
  beforeAll(async () => {
    opened = await openLedgerTestApp();
  });
  afterAll(async () => {
    if (!opened) return;
    expect((await checkLedger(opened.database.db)).problems).toEqual([]);
    await opened.close();
  });
  const get = (): LedgerTestApp => {
    if (!opened) throw new Error('the ledger test app exists only inside tests and hooks');
    return opened;
  };
  return {
    get database() {
      return get().database;
    },
    get app() {
      return get().app;
    },
    get ids() {
      return get().ids;
    },
    get published() {
      return get().published;
    },
    call: (...args) => get().call(...args),
    close: () => get().close(),
  };
}
