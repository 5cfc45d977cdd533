import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { anonId } from './middleware/anon-id/index.ts';
import { brand } from './middleware/brand/index.ts';
import { csrf } from './middleware/csrf/index.ts';
import { locale } from './middleware/locale/index.ts';
import { partner } from './middleware/partner/index.ts';
import { securityHeaders } from './middleware/security-headers/index.ts';
import { serviceStatus } from './middleware/service-status/index.ts';
import { sessionRefresh } from './middleware/session-refresh/index.ts';
import { signout } from './middleware/signout/index.ts';
import { apiProxy, PROXIED_PREFIXES } from './routes/api-proxy.ts';
import { assets } from './routes/assets.ts';
import { demoMaster } from './routes/demo-master.ts';
import { mediaProxy } from './routes/media-proxy.ts';
import { signinLink } from './routes/signin-link.ts';

/**
 * The edge worker only wires: each concern lives in its middleware or route. Order matters:
 * the brand first (everything depends on it), headers around every answer, CSRF before any
 * state changes, the session before anything that asks "is somebody signed in?".
 */
const app = new Hono<AppEnv>();

app.get('/healthz', (c) => c.text('ok'));
app.use('*', brand());
app.use('*', securityHeaders());
// Media and the demo master carry no visitor state (no cookies set or read): a CDN may share them.
app.route('/media', mediaProxy);
app.route('/demo', demoMaster);
app.use('*', csrf());
app.use('*', anonId());
app.use('*', sessionRefresh());
app.use('*', signout());
app.use('*', serviceStatus());
for (const prefix of PROXIED_PREFIXES) app.route(`${prefix.slice(0, -1)}`, apiProxy);
app.route('/redirects', signinLink);
app.use('*', locale());
app.use('*', partner());
app.route('/', assets);

export default app;
