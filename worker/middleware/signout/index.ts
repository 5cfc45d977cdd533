import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env.ts';

const SIGNOUT_PATH = '/api/auth/signout';

/**
 * `POST /api/auth/signout` ends the session in the browser whatever the API answers: the user asked
 * to leave, and an API that is down must not keep them signed in on this device (SPEC §4 logout flow).
 */
export function signout(): MiddlewareHandler<AppEnv> {
  return async function signoutMiddleware(c, next) {
    await next();
    if (c.req.method === 'POST' && new URL(c.req.url).pathname === SIGNOUT_PATH) {
      c.set('sessionCleared', true);
      c.set('signedIn', false);
    }
  };
}
