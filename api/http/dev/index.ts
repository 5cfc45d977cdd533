/** Development helpers: /api/dev (404 in production). */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { withdrawSettlement } from '../luv/withdraw.ts';
import { dev as devRoutes } from './dev.ts';
import { devOnly } from './dev-only.ts';
import { devPayments } from './dev-payments.ts';

/**
 * Everything under /api/dev is a development tool: the prefix guard answers 404 in production
 * before any of them reads the caller or the body (the withdrawal settlement of luv/ would ask for
 * a session first). The routes of dev.ts carry devOnly() themselves as well.
 */
export const dev = new Hono<ApiEnv>()
  .use('/api/dev/*', devOnly())
  .route('/api/dev', devRoutes)
  .route('/api/dev/payments', devPayments)
  .route('/api/dev/withdrawals', withdrawSettlement);
