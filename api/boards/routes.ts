/** Channel boards under /api/cs (posts, writing, comments and likes, settings) and /api/guest/find-new-board. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { boardCommentRoutes } from './board-comments-routes.ts';
import { boardRoutes } from './boards-routes.ts';
import { boardSettingRoutes } from './boards-settings-routes.ts';
import { boardWriteRoutes } from './boards-write-routes.ts';
import { findNewBoard } from './find-new-board-routes.ts';

export const boardsRoutes = new Hono<ApiEnv>()
  .route('/api/cs', boardRoutes)
  .route('/api/cs', boardWriteRoutes)
  .route('/api/cs', boardCommentRoutes)
  .route('/api/cs', boardSettingRoutes)
  .route('/api/guest/find-new-board', findNewBoard);
