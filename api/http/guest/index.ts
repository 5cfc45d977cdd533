/** What guests may read: /api/guest and /v2/api/guest. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { findNewBoard } from './find-new-board.ts';
import { paymentFailure } from './payment-failure.ts';
import { pincrux } from './pincrux.ts';
import { emojiGuest } from './emoji.ts';
import { guestExtras } from './guest-extras.ts';
import { guestForms } from './guest-forms.ts';
import { guestLookups } from './guest-lookups.ts';
import { guestSettings } from './guest-settings.ts';
import { liveGuest } from './live-auth.ts';
import { homeBanners } from './home-banners.ts';

export const guest = new Hono<ApiEnv>()
  .route('/api/guest/pincrux', pincrux)
  .route('/api/guest', guestExtras)
  .route('/v2/api/guest', guestExtras)
  .route('/api/guest', guestSettings)
  .route('/api/guest', guestLookups)
  .route('/api/guest', guestForms)
  .route('/v2/api/guest', paymentFailure)
  .route('/api/guest', liveGuest)
  .route('/api/guest', emojiGuest)
  .route('/api/guest', homeBanners)
  .route('/api/guest/find-new-board', findNewBoard);
