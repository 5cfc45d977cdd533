import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { dev } from './dev.ts';
import { service } from './service.ts';

/** Mounts the account, session and verification resources (issue 3) onto the API app. */
export function mountAccountRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/service', service);
  app.route('/api/dev', dev);
}
