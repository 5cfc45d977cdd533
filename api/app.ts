import { Hono } from 'hono';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import type { ApiEnv, DepsInput } from './app-env.ts';
import { fail } from './http/errors.ts';
import { mountRoutes } from './routes.ts';
import { refuseControlCharacters } from './http/request.ts';
import { buildServices } from './services.ts';

/**
 * Assembles the API from its resources and its services (built here once by buildServices(), which
 * completes `input` in place); no I/O here, so tests build it with any database.
 */
export function createApp(input: DepsInput): Hono<ApiEnv> {
  const deps = buildServices(input);
  const app = new Hono<ApiEnv>();
  app.use('*', async function injectDeps(c, next) {
    c.set('deps', deps);
    await next();
  });
  app.use('*', refuseControlCharacters());
  mountRoutes(app);
  app.notFound((c) => fail(c, 'not_found'));
  app.onError((err, c) => {
    if (isDatabaseUnavailable(err)) {
      console.warn(`[api] ${c.req.method} ${new URL(c.req.url).pathname}: database unavailable`);
      return fail(c, 'database_unavailable', { headers: { 'retry-after': '5' } });
    }
    console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
    return fail(c, 'internal');
  });
  return app;
}
