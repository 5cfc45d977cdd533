import { expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp();

it('reports the database in use', async () => {
  const res = await t.app.request('/api/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
});

it('answers unknown endpoints with a 404 JSON error, not a 500', async () => {
  const res = await t.app.request('/api/definitely-not-here');
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ error: 'not_found' });
});
