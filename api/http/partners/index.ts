/** Partner codes: /api/partners. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { partners as partnerRoutes } from './partners.ts';

export const partners = new Hono<ApiEnv>().route('/api/partners', partnerRoutes);
