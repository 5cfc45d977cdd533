import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../testing/test-db.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('reports the database in use', async () => {
  const app = createApp({ config: loadConfig({ PLATFORM_ENV: 'test' }), database });
  const res = await app.request('/api/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
});

it('answers unknown endpoints with a 404 JSON error, not a 500', async () => {
  const app = createApp({ config: loadConfig({ PLATFORM_ENV: 'test' }), database });
  const res = await app.request('/api/definitely-not-here');
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ error: 'not_found' });
});
