import { Hono } from 'hono';
import { sign } from 'hono/jwt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiEnv, Deps } from '../app-env.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { createSession, revokeSession } from '../auth/refresh-sessions.ts';
import { SESSION_CHECK_REUSE_MS } from '../auth/session-checks.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { members } from '../db/schema/index.ts';
import { buildServices } from '../services.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { requireMember } from './session.ts';

const config = loadConfig({ PLATFORM_ENV: 'test' });
let database: Database;
let app: Hono<ApiEnv>;
let ids: Record<string, number>;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
  ids = Object.fromEntries((await database.db.select().from(members)).map((m) => [m.loginId, m.id]));
  app = new Hono<ApiEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', buildServices({ config, database, isSessionRevoked: async (sid) => sid === 'revoked' }));
    await next();
  });
  app.get('/me', requireMember(), (c) => c.json(c.get('member')));
});
afterAll(() => database.close());

const call = (token?: string) => app.request('/me', { headers: token ? { cookie: `flx_oauth_access=${token}` } : {} });

describe('requireMember', () => {
  it('lets a valid token through as its member', async () => {
    const res = await call(await signAccessToken(ids.viewer01!, 's1', config.jwtSecret));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ loginId: 'viewer01', identityVerified: false, sessionId: 's1' });
  });

  it.each([
    ['no cookie', async () => undefined],
    ['the noAccessToken literal', async () => 'noAccessToken'],
    ['garbage', async () => 'a.b.c'],
    ['a wrong key', async () => signAccessToken(ids.viewer01!, 's1', 'x'.repeat(40))],
    [
      'an expired token',
      async () => signAccessToken(ids.viewer01!, 's1', config.jwtSecret, Math.floor(Date.now() / 1000) - 3600),
    ],
    [
      'alg none',
      async () =>
        `${btoa('{"alg":"none","typ":"JWT"}')}.${btoa(JSON.stringify({ sub: '1', sid: 's', exp: 9e9, iss: 'flx-api', aud: 'flx-web' }))}.`,
    ],
    [
      'a wrong audience',
      async () =>
        sign(
          { sub: String(ids.viewer01), sid: 's', exp: 9e9, iat: 1, nbf: 1, iss: 'flx-api', aud: 'other' },
          config.jwtSecret,
          'HS256',
        ),
    ],
    ['a revoked session', async () => signAccessToken(ids.viewer01!, 'revoked', config.jwtSecret)],
    ['a blocked account', async () => signAccessToken(ids.blocked01!, 's1', config.jwtSecret)],
  ])('answers 401 for %s', async (_name, token) => {
    const res = await call(await token());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', error_msg: '로그인 후 이용해 주세요.' });
  });

  it('answers in the caller’s language, the code unchanged', async () => {
    const res = await app.request('/me', { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(await res.json()).toEqual({ error: 'unauthorized', error_msg: 'Sign in to continue.' });
  });

  it('takes the access token from an Authorization: Bearer header (caster apps hold no cookies)', async () => {
    const token = await signAccessToken(ids.viewer01!, 's1', config.jwtSecret);
    const res = await app.request('/me', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ loginId: 'viewer01' });
    expect((await app.request('/me', { headers: { authorization: `Basic ${token}` } })).status).toBe(401);
  });
});

describe('requireMember({ reuseCheck: true })', () => {
  // The session denylist of the database, as the API runs (no isSessionRevoked in deps), and one
  // app's services for every request, as createApp builds them.
  let deps: Deps | undefined;
  const hot = new Hono<ApiEnv>()
    .use('*', async (c, next) => {
      c.set('deps', (deps ??= buildServices({ config, database })));
      await next();
    })
    .get('/fresh', requireMember(), (c) => c.json(c.get('member')))
    .get('/hot', requireMember({ reuseCheck: true }), (c) => c.json(c.get('member')));
  const get = (path: string, token: string) => hot.request(path, { headers: { cookie: `flx_oauth_access=${token}` } });
  const signedIn = async (loginId: string) => {
    const { sessionId } = await createSession(database.db, ids[loginId]!, false, null);
    return { sessionId, token: await signAccessToken(ids[loginId]!, sessionId, config.jwtSecret) };
  };

  it('a revocation by this app applies at once, on hot routes too', async () => {
    const { sessionId, token } = await signedIn('viewer01');
    expect((await get('/hot', token)).status).toBe(200);
    await revokeSession(database.db, deps!.sessionChecks, sessionId);
    expect((await get('/hot', token)).status).toBe(401);
    expect((await get('/fresh', token)).status).toBe(401);
  });

  it('a change made elsewhere applies at once on other routes and within SESSION_CHECK_REUSE_MS on hot ones', async () => {
    const { token } = await signedIn('viewer02');
    expect((await get('/hot', token)).status).toBe(200);
    // Another process (or an operator in the database) blocks the member: nothing here is told.
    await database.db.update(members).set({ blocked: true }).where(eq(members.id, ids.viewer02!));
    try {
      expect((await get('/fresh', token)).status).toBe(401);
      expect((await get('/hot', token)).status).toBe(200);
      const later = Date.now() + SESSION_CHECK_REUSE_MS + 1;
      const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
      try {
        expect((await get('/hot', token)).status).toBe(401);
      } finally {
        clock.mockRestore();
      }
    } finally {
      await database.db.update(members).set({ blocked: false }).where(eq(members.id, ids.viewer02!));
    }
  });

  it('remembers only passes: a refused token is read again on the next request', async () => {
    const { token } = await signedIn('blocked01');
    expect((await get('/hot', token)).status).toBe(401);
    await database.db.update(members).set({ blocked: false }).where(eq(members.id, ids.blocked01!));
    try {
      expect((await get('/hot', token)).status).toBe(200);
    } finally {
      await database.db.update(members).set({ blocked: true }).where(eq(members.id, ids.blocked01!));
    }
  });
});
