/** Customer service and boards: /api/cs and /v2/api/cs. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { accountChange } from './account-change.ts';
import { csRoutes, csRoutesV2 } from './cs.ts';

export const cs = new Hono<ApiEnv>().route('/api/cs', accountChange).route('/api/cs', csRoutes).route('/v2/api/cs', csRoutesV2);
