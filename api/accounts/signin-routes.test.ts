import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { jsonInit, setCookies, signIn } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const post = (body: unknown, ip = '10.0.0.1') =>
  t.app.request('/v2/api/auth/signin', jsonInit('POST', body, { 'x-forwarded-for': ip }));

describe('POST /v2/api/auth/signin', () => {
  it('signs a member in with HttpOnly token cookies and no token in the body', async () => {
    const { res } = await signIn(t.app, 'viewer01');
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ status: 200, loginId: 'viewer01' });
    const jar = setCookies(res);
    expect(jar.flx_oauth_access?.attrs).toMatch(/HttpOnly/);
    expect(jar.flx_oauth_access?.attrs).toMatch(/SameSite=Lax/);
    expect(jar.flx_oauth_access?.attrs).toMatch(/Path=\//);
    expect(jar.flx_oauth_access?.attrs).not.toMatch(/Domain/i);
    expect(body).not.toContain(jar.flx_oauth_access!.value);
    expect(body).not.toContain(jar.flx_oauth_refresh!.value);
  });

  it('loginKeep gives the refresh cookie 30 days; otherwise it is a session cookie', async () => {
    const keep = setCookies((await signIn(t.app, 'viewer01', 'demo1234!', { loginKeep: true })).res);
    expect(keep.flx_oauth_refresh?.attrs).toMatch(/Max-Age=2592000/);
    const session = setCookies((await signIn(t.app, 'viewer01', 'demo1234!', { loginKeep: false })).res);
    expect(session.flx_oauth_refresh?.attrs).not.toMatch(/Max-Age|Expires/);
  });

  it('the access cookie opens the profile', async () => {
    const { cookie } = await signIn(t.app, 'adult01');
    const res = await t.app.request('/api/my/profile', { headers: { cookie } });
    expect(await res.json()).toMatchObject({ loginId: 'adult01', PI: true, memberType: 'V' });
  });

  it('wrong password and unknown ID answer the same 401 with an empty msg', async () => {
    const wrong = await post({ loginId: 'viewer02', password: 'nope1234!' }, '10.0.0.2');
    const unknown = await post({ loginId: 'nobody999', password: 'nope1234!' }, '10.0.0.2');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('a blocked account answers 423 with the §8 text, and only with the right password', async () => {
    const res = await post({ loginId: 'blocked01', password: 'demo1234!' }, '10.0.0.3');
    expect(res.status).toBe(423);
    expect(await res.json()).toEqual({ status: 423, msg: '차단된 계정입니다.' });
    expect((await post({ loginId: 'blocked01', password: 'wrong123!' }, '10.0.0.3')).status).toBe(401);
  });

  it.each([[{}], [{ loginId: 123, password: 'x' }], [{ loginId: 'viewer01' }], ['{bad json'], [[1, 2]]])(
    'malformed body %j → 400 { status, msg }',
    async (body) => {
      const res = await post(body, '10.0.0.4');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400, msg: expect.any(String) });
    },
  );

  it(
    'after 10 failures on one account the next try waits with 429 + Retry-After, also for the right password, ' +
      'whether or not the ID exists',
    async () => {
      for (const id of ['bj0001', 'ghost12345']) {
        for (let i = 0; i < 10; i += 1)
          expect((await post({ loginId: id, password: `bad${i}pass!` }, `10.1.0.${i}`)).status).toBe(401);
        const res = await post({ loginId: id, password: 'demo1234!' }, '10.1.1.1');
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ status: 429 });
      }
      // Another account from the same IPs is unaffected.
      expect((await post({ loginId: 'viewer01', password: 'demo1234!' }, '10.1.0.1')).status).toBe(200);
    },
  );

  it('counts failures across API processes: 5 on one and 5 on another lock the account on both', async () => {
    // A second app on the same database is what a second API process behind the load balancer is.
    const second = await openTestApp({ database: t.database });
    const other = second.app;
    const via = (app: typeof t.app, password: string, ip: string) =>
      app.request(
        '/v2/api/auth/signin',
        jsonInit('POST', { loginId: 'crossproc01', password }, { 'x-forwarded-for': ip }),
      );
    for (let i = 0; i < 5; i += 1) expect((await via(t.app, `bad${i}pass!`, `10.2.0.${i}`)).status).toBe(401);
    for (let i = 5; i < 10; i += 1) expect((await via(other, `bad${i}pass!`, `10.2.0.${i}`)).status).toBe(401);
    expect((await via(t.app, 'demo1234!', '10.2.1.1')).status).toBe(429);
    expect((await via(other, 'demo1234!', '10.2.1.2')).status).toBe(429);
    await second.close();
  });

  it('after 100 failures from one IP that IP waits, other IPs do not', async () => {
    for (let i = 0; i < 100; i += 1)
      await post({ loginId: `spray${String(i).padStart(4, '0')}`, password: 'bad12345!' }, '10.9.9.9');
    const res = await post({ loginId: 'adult01', password: 'demo1234!' }, '10.9.9.9');
    expect(res.status).toBe(429);
    expect((await post({ loginId: 'adult01', password: 'demo1234!' }, '10.9.9.10')).status).toBe(200);
  }, 120_000);
});
