/**
 * Private messages and blocking: /api/my/messages, /api/my/messages-read, /api/my/blacklist and
 * their /v2 twins.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { blacklistRoutes } from './blacklist-routes.ts';
import { messageRoutes } from './messages-routes.ts';

export const messagesRoutes = new Hono<ApiEnv>()
  .route('/api/my/blacklist', blacklistRoutes)
  .route('/api/my', messageRoutes)
  .route('/v2/api/my', messageRoutes);
