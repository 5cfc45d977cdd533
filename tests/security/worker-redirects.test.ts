/**
 * Every redirect the worker emits (emergency sign-in, maintenance, out of maintenance) with known
 * open-redirect payloads in the URL: the Location is always a same-origin path and no header
 * is injected (SECURITY-CHECKLIST "Worker").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_PAYLOADS, staysOn } from './redirect-corpus.ts';
import {
  startWorker,
  STATUS_EMERGENCY,
  STATUS_MAINTENANCE,
  STATUS_OK,
  type WorkerUnderTest,
} from '../../worker/testing/harness.ts';

/** Paths and queries as a browser would send them (already percent-encoded where needed). */
const PAYLOADS = [
  '//evil.example',
  '///evil.example/',
  '/%2f%2fevil.example',
  '/%5cevil.example',
  '/%2e%2e//evil.example',
  '/..//evil.example',
  '/./%5c/evil.example',
  '/%252f%252fevil.example',
  '/x?next=//evil.example',
  '/x?a=%0d%0aSet-Cookie:%20pwn=1',
  '/%0d%0aLocation:%20https://evil.example',
  '/x#//evil.example',
  `/${'a'.repeat(3000)}`,
  '/x?callbackURL=https://evil.example',
];

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
}, 120_000);
afterAll(() => w.close());

function expectSafe(res: Response) {
  const location = res.headers.get('location');
  if (location === null) return;
  expect(location.startsWith('/')).toBe(true);
  expect(location.startsWith('//')).toBe(false);
  expect(location).not.toMatch(/[\r\n\\]/);
  expect(new URL(location, 'https://www.flxtv.example/').origin).toBe('https://www.flxtv.example');
  expect(res.headers.getSetCookie().some((l) => l.startsWith('pwn='))).toBe(false);
}

describe.each([
  ['emergency', STATUS_EMERGENCY, ''],
  ['maintenance', STATUS_MAINTENANCE, ''],
  ['out-of-maintenance', STATUS_OK, ''],
])('%s redirect', (kind, status, extra) => {
  it.each(PAYLOADS)('stays on our origin for %s', async (payload) => {
    w.api.on('GET', '/api/service/status', status);
    w.api.on('POST', '/api/partners', {});
    // After the authority, `//evil.example` stays a path: the request reaches our host with it.
    const raw = `https://www.flxtv.example${payload}`;
    const target = extra ? `${raw}${raw.includes('?') ? '&' : '?'}${extra}` : raw;
    const res = await w.fetch(target);
    expect(res.status).toBeLessThan(500);
    expectSafe(res);
    if (kind === 'emergency' && res.status === 302) {
      const cb =
        new URL(res.headers.get('location')!, 'https://www.flxtv.example').searchParams.get('callbackURL') ?? '/';
      expect(new URL(cb, 'https://www.flxtv.example/').origin).toBe('https://www.flxtv.example');
      expect(cb.startsWith('//')).toBe(false);
    }
  });
});

describe('the shared corpus (redirect-corpus.ts) through the emergency sign-in redirect', () => {
  it.each(REDIRECT_PAYLOADS.map((p) => [JSON.stringify(p).slice(0, 60), p]))(
    'keeps %s on our origin as a query value and as a path',
    async (_, payload) => {
      w.api.on('GET', '/api/service/status', STATUS_EMERGENCY);
      for (const target of [
        `https://www.flxtv.example/my?callbackURL=${encodeURIComponent(payload)}`,
        `https://www.flxtv.example/${encodeURIComponent(payload)}`,
      ]) {
        const res = await w.fetch(target);
        expect(res.status).toBeLessThan(500);
        expectSafe(res);
        const location = res.headers.get('location');
        // A guest on a members' page during an emergency is always sent to sign in.
        if (target.includes('/my?')) expect(location).toMatch(/^\/signin\?callbackURL=/);
        if (location === null) continue;
        const cb = new URL(location, 'https://www.flxtv.example').searchParams.get('callbackURL');
        if (cb !== null) expect(staysOn(cb), `${target} → ${cb}`).toBe(true);
      }
    },
  );
});
