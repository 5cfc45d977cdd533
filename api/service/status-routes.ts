/**
 * The service itself: `GET /api/health` (liveness and which database answers; 503 when it does
 * not) and `GET /api/service/status` (SPEC §3 maintenance response, read by the worker on every
 * page request). `GET /api/openapi.json` is mounted by api/routes.ts, which holds the whole app.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { databaseAnswers } from './database-health.ts';
import { readServiceMode } from './service-mode.ts';

const statusAnswer = v.object({
  status: v.picklist(['ok', 'maintenance']),
  data: v.object({ defenceMode: v.boolean() }),
});

export const statusRoutes = new Hono<ApiEnv>()
  .get(
    '/api/health',
    doc({
      tag: 'service',
      summary: 'Liveness and the database kind',
      responses: { 200: '{ status: ok, database: pglite | postgres }', 503: 'The database does not answer' },
    }),
    async (c) => {
      const { database } = c.get('deps');
      if (await databaseAnswers(database.db)) return c.json({ status: 'ok', database: database.kind });
      return c.json({ status: 'degraded', database: database.kind, error: 'database_unavailable' }, 503);
    },
  )
  .get(
    '/api/service/status',
    doc({
      tag: 'service',
      summary: 'Service mode: maintenance = status maintenance; emergency = data.defenceMode while not in maintenance',
      responses: { 200: { description: 'The mode', schema: statusAnswer } },
    }),
    async (c) => {
      const mode = await readServiceMode(c.get('deps').database.db);
      c.header('Cache-Control', 'no-store');
      return c.json({
        status: mode === 'maintenance' ? 'maintenance' : 'ok',
        data: { defenceMode: mode === 'emergency' },
      });
    },
  );
