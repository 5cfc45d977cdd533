import type { Hono } from 'hono';
import { aspAccessToken, guestExtras } from './guest-extras.ts';
import { partners, pincrux } from './partners.ts';
import type { ApiEnv } from '../app-env.ts';
import { auth } from './auth.ts';
import { dev } from './dev.ts';
import { find } from './find.ts';
import { findReset } from './find-reset.ts';
import { guestForms } from './guest-forms.ts';
import { guestLookups } from './guest-lookups.ts';
import { guestSettings } from './guest-settings.ts';
import { oauth } from './oauth.ts';
import { openapi } from './openapi.ts';
import { personalAuth } from './personal-auth.ts';
import { phoneSend, phoneVerify } from './phone.ts';
import { profile } from './profile.ts';
import { service } from './service.ts';
import { signin } from './signin.ts';
import { signup } from './signup.ts';
import { social } from './social.ts';
import { socialSignup } from './social-signup.ts';

/** Mounts the account, session and verification resources (issue 3) onto the API app. */
export function mountAccountRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/service', service);
  app.route('/api/partners', partners);
  app.route('/api/guest/pincrux', pincrux);
  app.route('/api/guest', guestExtras);
  app.route('/v2/api/guest', guestExtras);
  app.route('/v4/api/asp/accesstoken', aspAccessToken);
  app.route('/api', openapi);
  app.route('/api/dev', dev);
  app.route('/v2/api/auth/signin', signin);
  app.route('/api/auth/signup', signup);
  app.route('/v2/api/auth/signup/send-phone-verification', phoneSend);
  app.route('/api/auth/signup/verify-phone', phoneVerify);
  app.route('/api/auth/oauth', social);
  app.route('/', socialSignup);
  app.route('/api/auth', auth);
  app.route('/api/oauth', oauth);
  app.route('/api/oauth', findReset);
  app.route('/', find);
  app.route('/api/my/profile', profile);
  app.route('/api/personal-auth', personalAuth);
  app.route('/api/guest', guestSettings);
  app.route('/api/guest', guestLookups);
  app.route('/api/guest', guestForms);
}
