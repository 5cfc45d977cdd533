/**
 * Every route of the real API, read from the Hono app api/app.ts builds (no I/O at build time,
 * so no database is needed). The sweeps in this folder iterate over it, so a route added later is
 * attacked without anyone editing a list.
 */
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import type { Database } from '../../api/db/client.ts';

export interface ApiRoute {
  method: string;
  /**
   * Hono pattern, e.g. `/api/my/channel/notice/:id` or
   * `/api/dev/payments/:paymentId/:action{approve|deposit|cancel|fail}`.
   */
  path: string;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let cached: ApiRoute[] | null = null;

/** Method + path of every handler (middleware registered with `use` shows up as ALL and is skipped). */
export function apiRoutes(): ApiRoute[] {
  if (cached) return cached;
  const app = createApp({ config: loadConfig({ PLATFORM_ENV: 'test' }), database: {} as Database });
  const seen = new Map<string, ApiRoute>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  cached = [...seen.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
  return cached;
}

export const stateChangingRoutes = (): ApiRoute[] => apiRoutes().filter((r) => STATE_CHANGING.has(r.method));

export const routeKey = (r: ApiRoute): string => `${r.method} ${r.path}`;

/**
 * A concrete URL path for a pattern: `:name{a|b}` takes the first alternative, other parameters
 * take `values[name]` or `fallback`.
 */
export function concretePath(pattern: string, values: Record<string, string | number> = {}, fallback = '1'): string {
  return pattern.replace(/:(\w+)(\{([^}]*)\})?/g, (_, name: string, _re, alternatives: string | undefined) => {
    if (values[name] !== undefined) return encodeURIComponent(String(values[name]));
    if (alternatives) return alternatives.split('|')[0]!.replace(/[^\w-]/g, '');
    return fallback;
  });
}
