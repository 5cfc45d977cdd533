/**
 * The PortOne stand-in over HTTP: PortOne V2's REST endpoints the SDK calls (authenticated with
 * `Authorization: PortOne <secret>`), and under `/_fake/` what PortOne's browser windows would do.
 * In tests: `startPortOneServer()`; as a process, for a production end-to-end run:
 *
 *   node api/testing/portone-server.ts --port 8871 [--host 127.0.0.1] [--webhook-url
 * http://127.0.0.1:8788/api/payments/webhook]
 *
 * taking PORTONE_API_SECRET, PORTONE_STORE_ID and PORTONE_WEBHOOK_SECRET from env (FAKE_PORTONE otherwise).
 *
 * Control routes (no auth; the server listens on loopback):
 *   POST /_fake/request-payment          the browser SDK's requestPayment() body, plus `result`
 *                                        (paid | virtual_account_issued | failed | closed) and `failure`
 *   POST /_fake/payments/{id}/deposit    { amount? } into an issued virtual account
 *   POST /_fake/billing-keys             { customerId?, declines? } → { billingKey }
 *   PUT  /_fake/identity-verifications/{id}  { status: VERIFIED | FAILED | READY, customer?, reason? }
 *   GET  /_fake/webhooks · POST /_fake/webhooks/{webhookId}/resend
 *   PUT  /_fake/webhook-url              { url } where webhooks go from now on (null: recorded only)
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { FakeIdentity } from './portone-fake-json.ts';
import { FakePortOne, restError, type FakePortOneOptions, type RestAnswer, type WindowResult } from './portone-fake.ts';
import * as rest from './portone-fake-rest.ts';

/** Credentials the stand-in uses when none are given. */
export const FAKE_PORTONE = {
  apiSecret: 'portone-fake-api-secret',
  storeId: 'store-00000000-0000-4000-8000-0000000000aa',
  webhookSecret: `whsec_${Buffer.from('portone-fake-webhook-secret-0123').toString('base64')}`,
} as const;

async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const send = (c: Context, answer: RestAnswer) => c.json(answer.body as object, answer.status as 200);

export function portOneApp(fake: FakePortOne): Hono {
  const app = new Hono();
  const api = new Hono();
  api.use('*', async (c, next) => {
    if (c.req.header('authorization') !== `PortOne ${fake.options.apiSecret}`)
      return send(c, restError(401, 'UNAUTHORIZED', 'invalid API secret'));
    const store = c.req.query('storeId');
    if (store !== undefined && store !== fake.options.storeId)
      return send(c, restError(403, 'FORBIDDEN', 'no access to this store'));
    await next();
  });
  // Write routes read a JSON body; a body naming another store is refused like a query would be.
  const withBody =
    (handle: (id: string, body: Record<string, unknown>) => RestAnswer | Promise<RestAnswer>, param: string) =>
    async (c: Context) => {
      const body = await jsonBody(c);
      if (!body) return send(c, restError(400, 'INVALID_REQUEST', 'the body must be a JSON object'));
      if (body.storeId !== undefined && body.storeId !== fake.options.storeId)
        return send(c, restError(403, 'FORBIDDEN', 'no access to this store'));
      return send(c, await handle(c.req.param(param)!, body));
    };
  api.post(
    '/payments/:paymentId/pre-register',
    withBody((id, body) => rest.preRegister(fake, id, body), 'paymentId'),
  );
  api.get('/payments/:paymentId', (c) => send(c, rest.getPayment(fake, c.req.param('paymentId'))));
  api.post(
    '/payments/:paymentId/cancel',
    withBody((id, body) => rest.cancel(fake, id, body), 'paymentId'),
  );
  api.post('/payments/:paymentId/virtual-account/close', async (c) =>
    send(c, await rest.closeVirtualAccount(fake, c.req.param('paymentId'))),
  );
  api.post(
    '/payments/:paymentId/billing-key',
    withBody((id, body) => rest.payWithBillingKey(fake, id, body), 'paymentId'),
  );
  api.get('/billing-keys/:billingKey', (c) => send(c, rest.getBillingKey(fake, c.req.param('billingKey'))));
  api.delete('/billing-keys/:billingKey', async (c) =>
    send(c, await rest.deleteBillingKey(fake, c.req.param('billingKey'))),
  );
  api.get('/identity-verifications/:id', (c) => send(c, rest.getIdentityVerification(fake, c.req.param('id'))));
  api.all('*', (c) => send(c, restError(404, 'INVALID_REQUEST', 'the PortOne stand-in does not serve this endpoint')));

  app.post('/_fake/request-payment', async (c) => {
    const body = await jsonBody(c);
    if (!body || typeof body.paymentId !== 'string' || typeof body.totalAmount !== 'number')
      return send(c, restError(400, 'INVALID_REQUEST', 'a requestPayment body'));
    const { result, failure, ...request } = body as unknown as { result?: WindowResult; failure?: string } & Parameters<
      FakePortOne['requestPayment']
    >[0];
    return c.json(await fake.requestPayment(request, result, failure));
  });
  app.post('/_fake/payments/:paymentId/deposit', async (c) => {
    const amount = (await jsonBody(c))?.amount;
    return send(c, await fake.deposit(c.req.param('paymentId'), typeof amount === 'number' ? amount : undefined));
  });
  app.post('/_fake/billing-keys', async (c) => {
    const body = (await jsonBody(c)) ?? {};
    const customerId = typeof body.customerId === 'string' ? body.customerId : null;
    return c.json({
      billingKey: await fake.issueBillingKey(customerId, typeof body.declines === 'string' ? body.declines : null),
    });
  });
  app.put('/_fake/identity-verifications/:id', async (c) => {
    const body = (await jsonBody(c)) ?? {};
    fake.setIdentityVerification({
      ...body,
      id: c.req.param('id'),
      requestedAt: new Date().toISOString(),
    } as FakeIdentity);
    return c.json({ ok: true });
  });
  app.get('/_fake/webhooks', async (c) => {
    await fake.idle();
    return c.json({ webhooks: fake.webhooks });
  });
  app.put('/_fake/webhook-url', async (c) => {
    const url = (await jsonBody(c))?.url;
    if (url !== null && (typeof url !== 'string' || !URL.canParse(url)))
      return send(c, restError(400, 'INVALID_REQUEST', 'url must be a URL or null'));
    fake.webhookUrl = url;
    return c.json({ webhookUrl: fake.webhookUrl });
  });
  app.post('/_fake/webhooks/:webhookId/resend', async (c) => {
    const again = await fake.resend(c.req.param('webhookId'));
    return again ? c.json(again) : send(c, restError(404, 'WEBHOOK_NOT_FOUND', 'no such webhook'));
  });
  app.route('/', api);
  return app;
}

export interface PortOneServer {
  /** The origin to use as PORTONE_API_BASE. */
  url: string;
  fake: FakePortOne;
  close(): Promise<void>;
}

export async function startPortOneServer(
  options: Partial<FakePortOneOptions> & { port?: number; host?: string } = {},
): Promise<PortOneServer> {
  const { port = 0, host = '127.0.0.1', ...rest } = options;
  const fake = new FakePortOne({ ...FAKE_PORTONE, ...rest });
  const app = portOneApp(fake);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    fake,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, host: { type: 'string' }, 'webhook-url': { type: 'string' } },
  });
  const port = Number(values.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, not ${values.port}`);
  const server = await startPortOneServer({
    port,
    host: values.host ?? '127.0.0.1',
    webhookUrl: values['webhook-url'] ?? null,
    apiSecret: process.env.PORTONE_API_SECRET || FAKE_PORTONE.apiSecret,
    storeId: process.env.PORTONE_STORE_ID || FAKE_PORTONE.storeId,
    webhookSecret: process.env.PORTONE_WEBHOOK_SECRET || FAKE_PORTONE.webhookSecret,
  });
  console.log(`[portone-fake] listening on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
