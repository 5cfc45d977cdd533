/** Development helpers: /api/dev (404 in production). */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { dev as devRoutes } from './dev.ts';
import { devMoney } from './dev-payments.ts';

export const dev = new Hono<ApiEnv>().route('/api/dev', devRoutes).route('/api/dev', devMoney);
