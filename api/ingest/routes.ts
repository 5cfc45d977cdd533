/**
 * Ingest and the BJ's broadcast (docs/INGEST.md): the media server's callbacks (/api/ingest), the
 * broadcast panel (/api/channels/{id}/broadcast), and the caster apps (/api/my/channel/stream-key,
 * start-stream, stop-stream; /api/m/channel/config).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { broadcast } from './broadcast-routes.ts';
import { m } from './caster-config-routes.ts';
import { casterRoutes } from './caster-routes.ts';
import { ingest } from './media-server-routes.ts';

export const ingestRoutes = new Hono<ApiEnv>()
  .route('/api/channels', broadcast)
  .route('/api/my', casterRoutes)
  .route('/', m)
  .route('/', ingest);
