import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { readServiceMode } from './service-mode.ts';

/**
 * `GET /api/service/status` (SPEC §3 maintenance response): the worker reads it on every page
 * request. Maintenance = `status === 'maintenance'`; emergency = `defenceMode` while not in maintenance.
 */
export const service = new Hono<ApiEnv>();

service.get('/status', async (c) => {
  const mode = await readServiceMode(c.get('deps').database.db);
  c.header('Cache-Control', 'no-store');
  return c.json({ status: mode === 'maintenance' ? 'maintenance' : 'ok', data: { defenceMode: mode === 'emergency' } });
});
