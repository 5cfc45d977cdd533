/**
 * The service itself: health and status (/api/health, /api/service/status), and what the site reads
 * about the calling brand and the platform (/api/guest and /v2/api/guest: themes, time, logos,
 * channeling, suggestions, platform switches, brand settings).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { guestSettings } from './platform-settings-routes.ts';
import { guestExtras } from './site-extras-routes.ts';
import { statusRoutes } from './status-routes.ts';

export const serviceRoutes = new Hono<ApiEnv>()
  .route('/', statusRoutes)
  .route('/api/guest', guestExtras)
  .route('/v2/api/guest', guestExtras)
  .route('/api/guest', guestSettings);
