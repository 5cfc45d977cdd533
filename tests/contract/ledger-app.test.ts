/** The money routes inside the real API assembly (api/app.ts), next to every other resource's routes. */
import { beforeAll, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { ApiEnv } from '../../api/app-env.ts';
import { demoChannelId } from '../../api/db/seed.ts';
import { useTestApp } from '../../api/testing/app.ts';

const t = useTestApp();
let app: Hono<ApiEnv>;
let cookie: string;
let channelId: number;
beforeAll(async () => {
  app = t.app;
  cookie = await t.cookieOf('viewer01');
  channelId = await demoChannelId(t.database.db);
});

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
