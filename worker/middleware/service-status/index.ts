import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env.ts';
import { isPageRequest } from '../../paths.ts';
import { currentPathAndQuery, redirectTo } from '../../redirect.ts';
import { readServiceStatus } from './status.ts';
import { PAGE } from '../../../domain/routes.ts';

export const MAINTENANCE_PATH = PAGE.maintenance;

/** Pages a guest may still open in emergency mode (SPEC §4), the maintenance page included. */
const EMERGENCY_EXEMPT =
  /^\/(?:callback|signin|signup|find|guest-auth|member\/find|completed\/signup|notices\/maintenance)(?:\/|$)/;

/**
 * Maintenance and emergency redirects for page requests (SPEC §4 "Maintenance", "Emergency").
 * Maintenance: every page but the maintenance page answers 302 to it; out of maintenance the
 * maintenance page answers 302 to `/`. Emergency: a guest is sent to the sign-in page with the
 * current path and query as callbackURL. An unreadable status changes nothing.
 */
export function serviceStatus(): MiddlewareHandler<AppEnv> {
  return async function serviceStatusMiddleware(c, next) {
    const { pathname } = new URL(c.req.url);
    if (!isPageRequest(c.req.method, pathname)) return next();
    const status = await readServiceStatus(c);
    if (!status) return next();
    const onMaintenancePage = pathname.replace(/\/$/, '') === MAINTENANCE_PATH;
    if (status.maintenance) {
      if (!onMaintenancePage) return noStore(redirectTo(c, MAINTENANCE_PATH));
    } else if (onMaintenancePage) {
      return noStore(redirectTo(c, '/'));
    }
    if (status.emergency && !c.get('signedIn') && !EMERGENCY_EXEMPT.test(pathname)) {
      return noStore(redirectTo(c, `/signin?callbackURL=${encodeURIComponent(currentPathAndQuery(c.req.url))}`));
    }
    await next();
  };
}

function noStore(res: Response): Response {
  res.headers.set('cache-control', 'no-store');
  return res;
}
