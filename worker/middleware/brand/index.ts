import type { MiddlewareHandler } from 'hono';
import { resolveBrand } from '../../../domain/brands.ts';
import type { AppEnv } from '../../env.ts';

/** Picks the brand and its cookie domain from the Host (SPEC §1 brand variants). */
export function brand(): MiddlewareHandler<AppEnv> {
  return async function brandMiddleware(c, next) {
    // app.request() with an absolute URL has no Host header; the URL's host is the same thing.
    const resolved = resolveBrand(c.req.header('host') ?? new URL(c.req.url).host);
    c.set('brand', resolved.brand);
    c.set('cookieDomain', resolved.cookieDomain);
    await next();
  };
}
