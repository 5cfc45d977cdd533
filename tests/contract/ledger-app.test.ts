import { demoChannelId } from '../../api/db/seed.ts';
/** The money routes inside the real API assembly (api/app.ts), next to every other resource's routes. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { ApiEnv } from '../../api/app-env.ts';
import { createApp } from '../../api/app.ts';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { loadConfig } from '../../api/config.ts';
import type { Database } from '../../api/db/client.ts';
import { seedDemoData } from '../../api/db/seed.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';

const config = loadConfig({ PLATFORM_ENV: 'test' });
let database: Database;
let app: Hono<ApiEnv>;
let cookie: string;
let channelId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
  app = createApp({ config, database });
  const viewer = (await database.db.select().from(members)).find((m) => m.loginId === 'viewer01')!;
  cookie = `flx_oauth_access=${await signAccessToken(viewer.id, 'app-test', config.jwtSecret)}`;
  channelId = await demoChannelId(database.db);
});
afterAll(() => database.close());

it('answers the balance, a gift and the shop through createApp()', async () => {
  const sum = await app.request('/api/my/luv/luv-sum', { headers: { cookie } });
  expect(sum.status).toBe(200);
  const { luv } = (await sum.json()) as { luv: number };
  expect(luv).toBe(50_000);
  const gift = await app.request('/api/lives/send-luv', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'app-1' },
    body: JSON.stringify({ channelId, amount: 10, message: '' }),
  });
  expect(gift.status).toBe(200);
  expect(((await gift.json()) as { luv: number }).luv).toBe(luv - 10);
  expect((await app.request('/api/shoppings/luv/products')).status).toBe(200);
  expect((await app.request('/api/my/items', { headers: { cookie } })).status).toBe(200);
  expect((await app.request('/api/my/luv/luv-sum')).status).toBe(401);
});
