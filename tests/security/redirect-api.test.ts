/**
 * The open-redirect corpus against the API (SECURITY-CHECKLIST "Redirects"; ASVS 3.7.2): every GET
 * route, enumerated from the real app, with each payload in every redirect-ish query parameter.
 * The API builds its own redirects from fixed paths (social authorize, the development OAuth and
 * identity simulators), so any Location it answers stays on our origin and carries no header break.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../api/http/auth-test-app.ts';
import { apiRoutes, concretePath, routeKey } from './api-routes.ts';
import { REDIRECT_PAYLOADS, staysOn } from './redirect-corpus.ts';

describe('API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp();
  });
  afterAll(() => t.close());

  const PARAMS = ['callbackURL', 'returnUrl', 'redirect', 'redirect_uri', 'next', 'url', 'state', 'continue'];
  // One payload of each kind: the API takes no redirect target at all, so a sample shows it as well as all of them.
  const KINDS = ['//evil.example', 'https://evil.example', '/\\evil.example', '/..//evil.example', 'javascript:alert(1)', '/\r\nSet-Cookie: x=1', '/%0d%0aSet-Cookie:%20x=1', '/%252f%252fevil.example', '\uff0f\uff0fevil.example'];
  const SAMPLE = [...REDIRECT_PAYLOADS.filter((p) => KINDS.includes(p)), 'x'.repeat(5000)];

  it('never answers a Location off our origin, whatever redirect parameter a GET route is given', async () => {
    expect(SAMPLE.length).toBe(KINDS.length + 1);
    const gets = apiRoutes().filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(90);
    let redirects = 0;
    for (const r of gets) {
      for (const payload of SAMPLE) {
        const q = new URLSearchParams(PARAMS.map((p): [string, string] => [p, payload]));
        q.set('subject', 'sec-user');
        const res = await t.app.request(`${concretePath(r.path, { provider: 'kakao' })}?${q}`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
        const location = res.headers.get('location');
        if (location === null) continue;
        redirects += 1;
        // A fixed path: what the client sent can only appear URL-encoded inside a query value.
        expect(new URL(location, 'https://www.flxtv.example').pathname, routeKey(r)).toMatch(/^\/(callback\/kakao\/authorize|api\/dev\/oauth\/kakao\/authorize|my\/personal-auth)$/);
        expect(staysOn(location, undefined, false), `${routeKey(r)} with ${JSON.stringify(payload)} → ${location}`).toBe(true);
      }
    }
    // The social authorize step redirects (to the development provider on this origin).
    expect(redirects).toBeGreaterThan(0);
  });
});

