import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { brand } from './middleware/brand/index.ts';
import { locale } from './middleware/locale/index.ts';
import { apiProxy, PROXIED_PREFIXES } from './routes/api-proxy.ts';
import { assets } from './routes/assets.ts';

/** The edge worker only wires: each concern lives in its middleware or route. */
const app = new Hono<AppEnv>();

app.get('/healthz', (c) => c.text('ok'));
app.use('*', brand());
for (const prefix of PROXIED_PREFIXES) app.route(`${prefix.slice(0, -1)}`, apiProxy);
app.use('*', locale());
app.route('/', assets);

export default app;
