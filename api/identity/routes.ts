/** Identity verification (PI, SPEC §4): /api/personal-auth, through the provider of api/providers/identity. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { personalAuth } from './personal-auth-routes.ts';

export const identityRoutes = new Hono<ApiEnv>().route('/api/personal-auth', personalAuth);
