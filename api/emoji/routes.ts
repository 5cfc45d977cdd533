/** Emoji: the lists (/api/guest/show-emoji, show-all-emoji), favourites (/api/lives/change-favorite-emoticon). */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { emojiFavorite } from './emoji-favorite-routes.ts';
import { emojiGuest } from './emoji-lists-routes.ts';

export const emojiRoutes = new Hono<ApiEnv>().route('/api/guest', emojiGuest).route('/api/lives', emojiFavorite);
