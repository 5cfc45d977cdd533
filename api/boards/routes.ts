/** Channel boards under /api/cs (posts, writing, comments and likes, settings) and /api/guest/find-new-board. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { boardCommentRoutes } from './board-comments.ts';
import { boardRoutes } from './boards.ts';
import { boardSettingRoutes } from './boards-settings.ts';
import { boardWriteRoutes } from './boards-write.ts';
import { findNewBoard } from './find-new-board.ts';

export const boardsRoutes = new Hono<ApiEnv>()
  .route('/api/cs', boardRoutes)
  .route('/api/cs', boardWriteRoutes)
  .route('/api/cs', boardCommentRoutes)
  .route('/api/cs', boardSettingRoutes)
  .route('/api/guest/find-new-board', findNewBoard);
