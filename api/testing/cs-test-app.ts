/**
 * Test fixture for the customer-service, board, message and my-page routes: a real migrated
 * database with the demo accounts, the whole app of api/app.ts, uploads in a temporary folder,
 * and a signed-in `call()` per member.
 */
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { channels, members } from '../db/schema/index.ts';
import { openTestDatabase } from './test-db.ts';
import { createDiskStorage } from '../storage/disk-storage.ts';
import { createApp } from '../app.ts';

/** Test answers are read loosely: each test states the shape it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };
export type Caller = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<TestResponse>;

export interface CsFixture {
  database: Database;
  app: Hono<ApiEnv>;
  ids: Record<string, number>;
  bjChannelId: number;
  uploadsDir: string;
  as(loginId: string | null): Caller;
  close(): Promise<void>;
}

/**
 * `as(loginId)` for a fixture: a caller that sends the member's access cookie (none for a guest),
 * JSON for plain bodies and multipart for FormData, plus any `baseHeaders` (the worker-set IP).
 */
export function callerAs(
  app: { request(path: string, init: RequestInit): Response | Promise<Response> },
  tokens: Map<string, string>,
  baseHeaders: Record<string, string> = {},
) {
  return (loginId: string | null): Caller =>
    async (method, path, body, headers = {}) => {
      const h: Record<string, string> = { ...baseHeaders, ...headers };
      if (loginId) h.cookie = `flx_oauth_access=${tokens.get(loginId)}`;
      let payload: string | FormData | undefined;
      if (method === 'GET' || method === 'HEAD') payload = undefined;
      else if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        h['content-type'] ??= 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      return app.request(path, { method, headers: h, body: payload });
    };
}

export async function openCsFixture(): Promise<CsFixture> {
  const config = loadConfig({ PLATFORM_ENV: 'test' });
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const dir = await mkdtemp(join(tmpdir(), 'cs-uploads-'));
  const uploadsDir = join(dir, 'uploads');
  const storage = createDiskStorage(uploadsDir);
  const app = createApp({ config, database, storage });
  const ids = Object.fromEntries((await database.db.select().from(members)).map((m) => [m.loginId, m.id]));
  const [channel] = await database.db.select().from(channels).where(eq(channels.ownerId, ids.bj0001!));
  const tokens = new Map<string, string>();
  for (const [loginId, id] of Object.entries(ids)) tokens.set(loginId, await signAccessToken(id, `s-${loginId}`, config.jwtSecret));
  return {
    database,
    app,
    ids,
    bjChannelId: channel!.id,
    uploadsDir,
    as: callerAs(app, tokens),
    async close() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Builds a multipart form of text fields and files. */
export function form(fields: Record<string, string | number>, files: File[] = [], fileField = 'files'): FormData {
  const fd = new FormData();
  for (const [k, val] of Object.entries(fields)) fd.append(k, String(val));
  for (const f of files) fd.append(fileField, f);
  return fd;
}
