/**
 * The deployment as it runs: `PLATFORM_ENV=production` with PAYMENT_GATEWAY=portone and the PORTONE_*
 * variables, as its own process (`node api/main.ts`), against the local PortOne as another process
 * (`node api/testing/portone-server.ts`): it starts, lists the catalogue and takes a payment end to
 * end (checkout, PortOne's window, PortOne's webhook over HTTP, completion). Without a gateway, a
 * production API says payments are not configured (503, never 500) and the rest works.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '../../domain/cookies.ts';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { loadConfig } from '../../api/config.ts';
import { openDatabase } from '../../api/db/client.ts';
import { prepareDatabase } from '../../api/db/prepare.ts';
import { members } from '../../api/db/schema/index.ts';
import { openTestApp } from '../../api/testing/app.ts';
import { FAKE_PORTONE } from '../../api/testing/portone-server.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';

const ROOT = join(import.meta.dirname, '../..');
const JWT_SECRET = 'process-test-'.padEnd(48, 'x');
const PRODUCTION = {
  PLATFORM_ENV: 'production',
  JWT_SECRET,
  MEDIA_SECRET: 'process-test-media-secret-'.padEnd(48, 'y'),
  MEDIA_TOKEN_SECRET: 'process-test-media-token-'.padEnd(48, 'z'),
  PAYMENT_GATEWAY: 'portone',
  PORTONE_API_SECRET: FAKE_PORTONE.apiSecret,
  PORTONE_STORE_ID: FAKE_PORTONE.storeId,
  PORTONE_CHANNEL_KEY: 'channel-key-card',
  PORTONE_WEBHOOK_SECRET: FAKE_PORTONE.webhookSecret,
};

const children: ChildProcess[] = [];
let dataDir: string;

/** Starts `script` with `env` and resolves the URL it prints once it listens (`… listening on http://…`). */
function start(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

/** A port nothing listens on now (the API derives other ports from its own, so it cannot take 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let api: string;
let portone: string;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'flx-portone-process-'));
  // The buyer's account, made before the API process opens the same data directory.
  const database = await openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') });
  await prepareDatabase(
    database,
    loadConfig({ ...PRODUCTION, PORTONE_API_BASE: 'http://127.0.0.1:1', DATA_DIR: dataDir }),
  );
  const [buyer] = await database.db
    .insert(members)
    .values({ loginId: 'buyer01', nickname: 'buyer', passwordHash: 'x', device: 'PCWEB' })
    .returning();
  await database.close();
  // The API runs in its own process: the token is signed here with the secret it is given.
  cookie = `${COOKIE.access}=${await signAccessToken(buyer!.id, 's-buyer01', JWT_SECRET)}`;

  portone = await start('api/testing/portone-server.ts', ['--port', '0'], {});
  api = await start('api/main.ts', [], {
    ...PRODUCTION,
    PORTONE_API_BASE: portone,
    API_PORT: String(await freePort()),
    API_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  });
  const set = await fetch(`${portone}/_fake/webhook-url`, {
    method: 'PUT',
    body: JSON.stringify({ url: `${api}/api/payments/webhook` }),
  });
  expect(set.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { cookie, 'content-type': 'application/json' };
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${api}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('a production API process against the local PortOne process', () => {
  it('starts, lists the products and takes a payment end to end', async () => {
    const listed = await call('GET', '/api/shoppings/luv/products');
    expect(listed.body.products).toHaveLength(6);
    expect(listed.body.payments).toEqual({ available: true, gateway: 'portone' });
    const before = (await call('GET', '/api/my/luv/luv-sum')).body.luv as number;

    const started = await call(
      'POST',
      '/api/shoppings/luv/payments',
      { productId: 1, method: 'kakaopay' },
      'process-1',
    );
    expect(started).toMatchObject({
      status: 200,
      body: { status: 1, checkout: { storeId: FAKE_PORTONE.storeId, payMethod: 'EASY_PAY' } },
    });
    // PortOne's window with exactly what the site passes to requestPayment().
    const window = await fetch(`${portone}/_fake/request-payment`, {
      method: 'POST',
      body: JSON.stringify({ ...started.body.checkout, redirectUrl: 'https://main.example/luv' }),
    });
    expect(((await window.json()) as { code?: string }).code).toBeUndefined();
    const delivered = (await (await fetch(`${portone}/_fake/webhooks`)).json()) as {
      webhooks: { type: string; status: number }[];
    };
    expect(delivered.webhooks.map((w) => [w.type, w.status])).toEqual([
      ['Transaction.Ready', 200],
      ['Transaction.Paid', 200],
    ]);
    const completed = await call('POST', `/api/shoppings/luv/payments/${started.body.paymentId}/complete`);
    expect(completed.body).toMatchObject({ payment: { status: 9 }, purchase: { value: 11_000, currency: 'KRW' } });
    expect((await call('GET', '/api/my/luv/luv-sum')).body.luv).toBe(before + 100);
  });
});

describe('a production API without a payment gateway', () => {
  it('says payments are not configured (503, never 500) and the rest of the product works', async () => {
    const database = await openTestDatabase();
    const env = { PLATFORM_ENV: 'production', JWT_SECRET };
    await prepareDatabase(database, loadConfig(env));
    const t = await openTestApp({ database, env });
    await database.db
      .insert(members)
      .values({ loginId: 'viewer', nickname: 'viewer', passwordHash: 'x', device: 'PCWEB' });
    const viewer = t.as('viewer');
    const english = { 'accept-language': 'en' };
    const products = (await viewer('GET', '/api/shoppings/luv/products')).body;
    expect(products).toMatchObject({ payments: { available: false, gateway: null } });
    expect(products.products).toHaveLength(6);
    const refusals = [
      ['/api/shoppings/luv/payments', { productId: 1, method: 'CARD' }],
      ['/api/shoppings/luv/payments/Pnone/complete', undefined],
      ['/api/shoppings/flax/payments-cancel', { paymentId: 'Pnone' }],
      ['/api/shoppings/billing-key/request', undefined],
      ['/api/payments/webhook', {}],
    ] as const;
    for (const [path, body] of refusals) {
      const res = await viewer('POST', path, body ?? {}, { ...english, 'idempotency-key': `k-${path}` });
      expect([path, res.status, res.body.error]).toEqual([path, 503, 'payments_not_configured']);
    }
    const again = await viewer(
      'POST',
      '/api/shoppings/luv/payments',
      { productId: 1, method: 'CARD' },
      { ...english, 'idempotency-key': 'k-text' },
    );
    expect(again.body.error_msg).toBe('Payments are not set up on this service yet, so luv cannot be bought.');
    for (const path of ['/api/my/profile', '/api/my/luv/luv-sum', '/api/shoppings/luv/payments', '/api/openapi.json'])
      expect([path, (await viewer('GET', path, undefined, english)).status]).toEqual([path, 200]);
    await t.close();
    await database.close();
  });
});
