/**
 * Accounts: sign-up (and its guest lookups and forms), sign-in, social sign-in, finding an ID or
 * password, tokens and sessions, the partner (ASP) sign-in, the member's profile and settings, and
 * the my page's first screen. URLs: /api/auth, /v2/api/auth, /v3/api/m, /api/oauth,
 * /v4/api/asp/accesstoken, /api/guest lookups, /api/my/profile, setting, sessions, view-main.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { aspAccessToken } from './asp-routes.ts';
import { auth } from './auth-routes.ts';
import { find } from './find-routes.ts';
import { findReset } from './find-reset-routes.ts';
import { mySettingRoutes } from './my-setting-routes.ts';
import { oauth } from './oauth-routes.ts';
import { phoneSend, phoneVerify } from './phone-routes.ts';
import { profile } from './profile-routes.ts';
import { mySessions } from './sessions-routes.ts';
import { signin } from './signin-routes.ts';
import { guestForms } from './signup-forms-routes.ts';
import { guestLookups } from './signup-lookups-routes.ts';
import { signup } from './signup-routes.ts';
import { social } from './social-routes.ts';
import { socialSignup } from './social-signup-routes.ts';
import { viewMainRoutes } from './view-main-routes.ts';

export const accountsRoutes = new Hono<ApiEnv>()
  .route('/api/guest', guestLookups)
  .route('/api/guest', guestForms)
  .route('/v4/api/asp/accesstoken', aspAccessToken)
  .route('/v2/api/auth/signin', signin)
  .route('/api/auth/signup', signup)
  .route('/v2/api/auth/signup/send-phone-verification', phoneSend)
  .route('/api/auth/signup/verify-phone', phoneVerify)
  .route('/api/auth/oauth', social)
  .route('/', socialSignup)
  .route('/api/auth', auth)
  .route('/api/oauth', oauth)
  .route('/api/oauth', findReset)
  .route('/', find)
  .route('/api/my/profile', profile)
  .route('/api/my/setting', mySettingRoutes)
  .route('/api/my/view-main', viewMainRoutes)
  .route('/api/my/sessions', mySessions);
