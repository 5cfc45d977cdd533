/**
 * PostgreSQL stops for a few seconds under a running API: the API answers 503 quickly (never a
 * hang, never a 500 with a stack), then recovers by itself when the server is back.
 */
import { execSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase, startApi, waitFor, type Proc } from './processes.ts';

const pgCtl = (args: string) => execSync(`${process.env.PG_CTL} ${args}`, { stdio: 'ignore' });

let api: Proc;
beforeAll(async () => {
  api = await startApi(await freshDatabase('fault_outage'));
});
afterAll(async () => {
  await api?.stop();
});

it('answers 503 while PostgreSQL is down and recovers without a restart', async () => {
  const lookup = () => fetch(`${api.origin}/api/guest/loginId/faultcheck01`, { signal: AbortSignal.timeout(15_000) });
  expect((await lookup()).status).toBe(200);

  pgCtl('stop -m fast');
  try {
    for (const path of ['/api/health', '/api/guest/loginId/faultcheck02', '/api/service/status']) {
      const res = await fetch(`${api.origin}${path}`, { signal: AbortSignal.timeout(15_000) });
      expect(res.status, path).toBe(503);
      const body = await res.text();
      expect(body, path).not.toMatch(/at .*\.ts:\d+|Error:|stack/);
    }
  } finally {
    pgCtl('start');
  }

  await waitFor(`${api.origin}/api/health`);
  expect((await lookup()).status).toBe(200);
  const signin = await fetch(`${api.origin}/v2/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      loginId: 'viewer01',
      password: 'demo1234!',
      loginKeep: false,
      saveId: false,
      device: 'PCWEB',
    }),
  });
  expect(signin.status).toBe(200);
});
