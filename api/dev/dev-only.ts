import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';

/**
 * The development tools under `/api/dev` work only when PLATFORM_ENV is development or test and
 * answer 404 (as if absent) in production. Every route carries this guard itself, before it reads
 * anything.
 */
export function devOnly(): MiddlewareHandler<ApiEnv> {
  return async function devOnly(c, next) {
    if (c.get('deps').config.platformEnv === 'production') return fail(c, 'not_found');
    await next();
  };
}
