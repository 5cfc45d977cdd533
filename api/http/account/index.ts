/** Accounts, sessions and verification: /api/auth, /v2/api/auth, /v3/api/m, /api/oauth, /api/personal-auth, /v4/api/asp/accesstoken. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { aspAccessToken } from './asp.ts';
import { auth } from './auth.ts';
import { find } from './find.ts';
import { findReset } from './find-reset.ts';
import { oauth } from './oauth.ts';
import { personalAuth } from './personal-auth.ts';
import { phoneSend, phoneVerify } from './phone.ts';
import { signin } from './signin.ts';
import { signup } from './signup.ts';
import { social } from './social.ts';
import { socialSignup } from './social-signup.ts';

export const account = new Hono<ApiEnv>()
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
  .route('/api/personal-auth', personalAuth);
