/** Development helpers: /api/dev (404 in production). */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { dev } from './dev-routes.ts';
import { devOnly } from './dev-only.ts';
import { devPaymentWindow } from './dev-payment-window-routes.ts';
import { devMoney } from './dev-payments-routes.ts';

/**
 * Everything under /api/dev is a development tool: the prefix guard answers 404 in production
 * before any of them reads the caller or the body. The routes carry their own guard as well.
 */
export const devRoutes = new Hono<ApiEnv>()
  .use('/api/dev/*', devOnly())
  .route('/api/dev', dev)
  .route('/api/dev', devMoney)
  .route('/api/dev', devPaymentWindow);
