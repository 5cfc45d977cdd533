/** Clips of lives (/api/channels/{channelId}/clips, /api/clips/{clipId}): ./clips-routes.ts. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channelClips, oneClip } from './clips-routes.ts';

export const clipsRoutes = new Hono<ApiEnv>().route('/api/channels', channelClips).route('/api/clips', oneClip);
