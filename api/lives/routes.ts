/**
 * Lives and recordings: one recording (/api/vods/{streamId}), the live board check
 * (/v4/api/lives/live-board-check), a password live's pass and the subscriber count (/api/guest).
 * Going on and off the air, stream answers and who may watch are the modules beside this file.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { liveGuest } from './live-auth-routes.ts';
import { liveBoard } from './live-board-routes.ts';
import { vods } from './vods-routes.ts';

export const livesRoutes = new Hono<ApiEnv>()
  .route('/api/vods', vods)
  .route('/v4/api/lives', liveBoard)
  .route('/api/guest', liveGuest);
