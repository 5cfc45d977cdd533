import { Hono } from 'hono';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import type { ApiEnv, Deps } from './app-env.ts';
import { mountRoutes } from './http/index.ts';

/** Assembles the API from its resources; no I/O here, so tests build it with any database. */
export function createApp(deps: Deps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', async function injectDeps(c, next) {
    c.set('deps', deps);
    await next();
  });
  mountRoutes(app);
  app.notFound((c) => c.json({ error: 'not_found', error_msg: 'No such API endpoint.' }, 404));
  app.onError((err, c) => {
    if (isDatabaseUnavailable(err)) {
      console.warn(`[api] ${c.req.method} ${new URL(c.req.url).pathname}: database unavailable`);
      return c.json({ error: 'database_unavailable', error_msg: 'The service is temporarily unavailable. Please try again shortly.' }, 503, {
        'retry-after': '5',
      });
    }
    console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
    return c.json({ error: 'internal', error_msg: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}
