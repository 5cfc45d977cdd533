/** The exchange event (/api/my/luv/exchange): received luv exchanged at the event rate, for a limited total. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { exchange } from './exchange-routes.ts';

export const exchangeRoutes = new Hono<ApiEnv>().route('/api/my/luv/exchange', exchange);
