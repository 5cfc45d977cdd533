/** Test fixture for the account routes: the real app on a fresh, seeded test database. */
import type { Hono } from 'hono';
import type { ApiEnv, Deps } from '../app-env.ts';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { openTestDatabase } from '../db/test-db.ts';

export interface TestApp {
  app: Hono<ApiEnv>;
  database: Database;
  config: Config;
  deps: Deps;
  close(): Promise<void>;
}

export async function openTestApp(env: NodeJS.ProcessEnv = { PLATFORM_ENV: 'test' }, extra: Partial<Deps> = {}): Promise<TestApp> {
  const config = loadConfig(env);
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const deps: Deps = { config, database, ...extra };
  return { app: createApp(deps), database, config, deps, close: () => database.close() };
}

/** JSON request helper; `ip` becomes the worker-set x-forwarded-for. */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', ...headers } };
}
