import type { MiddlewareHandler } from 'hono';
import type { Brand } from '../../../domain/brands.ts';
import type { AppEnv } from '../../env.ts';

/** RFC 6797: a year, the minimum the HSTS preload list accepts. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for every answer of the worker (SECURITY-CHECKLIST "CSP", ASVS 3.4).
 * The page's own `<meta>` CSP (Astro, with the build's script and style hashes) stays in force;
 * this header adds only what a meta policy cannot carry. It never names script-src or style-src:
 * two policies both apply, and a header without the hashes would block the page's inline scripts.
 * frame-ancestors admits the brand's own origins: the native app opens pages top-level in its
 * webview (not framed, so unaffected), and its embedded mode frames them from the brand's origin.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    await next();
    if (c.res.status === 101) return;
    const https = c.get('https');
    // Appended, not set: an upstream policy (the API's sandbox on uploaded files) must stay in force
    // beside ours; every policy present applies.
    c.header(
      'content-security-policy',
      `frame-ancestors ${frameAncestors(c.get('brand'))}; object-src 'none'; base-uri 'none'`,
      { append: true },
    );
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'strict-origin-when-cross-origin');
    c.header('x-frame-options', undefined);
    if (https) c.header('strict-transport-security', HSTS);
  };
}

function frameAncestors(brand: Brand): string {
  return ["'self'", ...brand.hosts.map((h) => `https://${h}`)].join(' ');
}
