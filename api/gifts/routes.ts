/** Gifts of luv in a channel: /api/lives/send-luv (docs/LEDGER.md; item uses are in api/items). */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { gifts } from './gifts-routes.ts';

export const giftsRoutes = new Hono<ApiEnv>().route('/api/lives', gifts);
