import type { MiddlewareHandler } from 'hono';
import { resolveBrand } from '../../../domain/brands.ts';
import type { AppEnv } from '../../env.ts';

/**
 * Cloudflare gives the worker the visitor's scheme in the URL and in `CF-Visitor`; local runtimes
 * (wrangler dev, the test harness) rewrite the URL to http, so the header is read too. A forged
 * header on plain http is harmless: browsers drop Secure cookies and HSTS sent over http.
 */
function isHttps(req: Request): boolean {
  if (req.url.startsWith('https:')) return true;
  return /"scheme"\s*:\s*"https"/.test(req.headers.get('cf-visitor') ?? '');
}

/** Picks the brand and its cookie domain from the Host (SPEC §1 brand variants). */
export function brand(): MiddlewareHandler<AppEnv> {
  return async function brandMiddleware(c, next) {
    // app.request() with an absolute URL has no Host header; the URL's host is the same thing.
    const resolved = resolveBrand(c.req.header('host') ?? new URL(c.req.url).host);
    c.set('brand', resolved.brand);
    c.set('cookieDomain', resolved.cookieDomain);
    c.set('https', isHttps(c.req.raw));
    await next();
  };
}
