/** Test fixture for the account routes: the real app on a fresh, seeded test database. */
import type { Hono } from 'hono';
import type { ApiEnv, Deps } from '../app-env.ts';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { openTestDatabase } from './test-db.ts';

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
  return {
    method,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', ...headers },
  };
}

/** name → value of every Set-Cookie on a response (Max-Age=0 deletions give ''). */
export function setCookies(res: Response): Record<string, { value: string; attrs: string }> {
  const out: Record<string, { value: string; attrs: string }> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';');
    const i = pair.indexOf('=');
    out[pair.slice(0, i).trim()] = { value: pair.slice(i + 1), attrs: attrs.map((a) => a.trim()).join('; ') };
  }
  return out;
}

/** Signs in through the real endpoint and returns the cookie header the browser would send next. */
export async function signIn(
  app: TestApp['app'],
  loginId: string,
  password = 'demo1234!',
  extra: Record<string, unknown> = {},
): Promise<{ cookie: string; access: string; refresh: string; res: Response }> {
  const res = await app.request('/v2/api/auth/signin', jsonInit('POST', { loginId, password, ...extra }));
  const jar = setCookies(res);
  const access = jar.flx_oauth_access?.value ?? '';
  const refresh = jar.flx_oauth_refresh?.value ?? '';
  return { cookie: `flx_oauth_access=${access}; flx_oauth_refresh=${refresh}`, access, refresh, res };
}
