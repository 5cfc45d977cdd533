/** Development helpers: /api/dev (404 in production). */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { withdrawSettlement } from '../luv/withdraw.ts';
import { dev as devRoutes } from './dev.ts';
import { devPayments } from './dev-payments.ts';

export const dev = new Hono<ApiEnv>().route('/api/dev', devRoutes).route('/api/dev/payments', devPayments).route('/api/dev/withdrawals', withdrawSettlement);
