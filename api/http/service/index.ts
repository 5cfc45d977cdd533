/** The service itself: /api/health, /api/service, /api/openapi.json. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { health } from './health.ts';
import { openapi } from './openapi.ts';
import { service } from './service.ts';

export const serviceRoutes = new Hono<ApiEnv>().route('/api/health', health).route('/api/service', service).route('/api', openapi);
