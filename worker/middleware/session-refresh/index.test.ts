/** Session refresh at the edge, in workerd, against a stub API (docs/ARCHITECTURE.md "refresh"). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt, type StubCall } from '../../testing/stub-api.ts';
import { setCookieFor, startWorker, STATUS_OK, type WorkerUnderTest } from '../../testing/harness.ts';

let w: WorkerUnderTest;
const HOST = 'https://www.flxtv.example';
const nowS = () => Math.floor(Date.now() / 1000);
let n = 0;
/** Refresh outcomes are shared per token inside one isolate for a few seconds: every test uses its own. */
const freshToken = () => `rt-${Date.now()}-${n++}`;

function refreshAnswersWith(access: string, refresh: string) {
  w.api.on('POST', '/api/oauth/refresh', {
    body: '{"ok":true}',
    headers: {
      'set-cookie': [
        `flx_oauth_access=${access}; Max-Age=900; Path=/; HttpOnly; SameSite=Lax`,
        `flx_oauth_refresh=${refresh}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
      ],
    },
  });
}
const cookieOf = (call: StubCall | undefined) => String(call?.headers.cookie ?? '');

beforeAll(async () => {
  w = await startWorker({ API_TIMEOUT_MS: '1500' });
}, 120_000);
afterAll(() => w.close());
beforeEach(() => {
  w.api.reset();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  w.api.on('GET', '/api/my/profile', (call) => ({
    status: /flx_oauth_access=eyJ/.test(String(call.headers.cookie)) ? 200 : 401,
  }));
});

describe('refresh before the request', () => {
  it('refreshes a missing access token, re-emits the cookies on the brand and sends the new token upstream', async () => {
    const rt = freshToken();
    const access = fakeJwt(nowS() + 900);
    refreshAnswersWith(access, 'rt-next');
    const res = await w.fetch(`${HOST}/api/my/profile`, { headers: { cookie: `flx_oauth_refresh=${rt}` } });
    expect(res.status).toBe(200);
    const [refreshCall] = w.api.callsTo('/api/oauth/refresh');
    expect(refreshCall!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(refreshCall!.body).toBe(`refreshToken=${rt}`);
    expect(cookieOf(w.api.callsTo('/api/my/profile')[0])).toContain(`flx_oauth_access=${access}`);
    expect(setCookieFor(res, 'flx_oauth_access')).toBe(
      `flx_oauth_access=${access}; Max-Age=900; Path=/; HttpOnly; SameSite=Lax; Domain=.flxtv.example; Secure`,
    );
    expect(setCookieFor(res, 'flx_oauth_refresh')).toBe(
      'flx_oauth_refresh=rt-next; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Domain=.flxtv.example; Secure',
    );
    expect(setCookieFor(res, 'flx_session')).toBe('flx_session=1; Domain=.flxtv.example; Path=/; Secure; SameSite=Lax');
  });

  it.each([
    ['about to expire', () => `flx_oauth_access=${fakeJwt(nowS() + 30)}`],
    ['the literal noAccessToken', () => 'flx_oauth_access=noAccessToken'],
    ['not a JWT', () => 'flx_oauth_access=garbage'],
    [
      'sent twice (a planted duplicate)',
      () => `flx_oauth_access=${fakeJwt(nowS() + 900)}; flx_oauth_access=${fakeJwt(nowS() + 900)}`,
    ],
  ])('refreshes when the access token is %s', async (_, access) => {
    refreshAnswersWith(fakeJwt(nowS() + 900), 'rt-next');
    await w.fetch(`${HOST}/api/my/profile`, { headers: { cookie: `${access()}; flx_oauth_refresh=${freshToken()}` } });
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(1);
  });

  it('leaves a valid access token alone', async () => {
    const res = await w.fetch(`${HOST}/api/my/profile`, {
      headers: {
        cookie: `flx_oauth_access=${fakeJwt(nowS() + 900)}; flx_oauth_refresh=${freshToken()}; flx_session=1`,
      },
    });
    expect(res.status).toBe(200);
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(0);
    expect(res.headers.getSetCookie().filter((l) => /^flx_(oauth|session)/.test(l))).toEqual([]);
  });

  it('never refreshes on a websocket handshake, whose 101 answer cannot carry the new cookies', async () => {
    await w.fetch(`${HOST}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
        origin: HOST,
        cookie: `flx_oauth_refresh=${freshToken()}`,
      },
    });
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(0);
  });

  it('does nothing without a refresh token', async () => {
    const res = await w.fetch(`${HOST}/api/my/profile`);
    expect(res.status).toBe(401);
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(0);
  });

  it('keeps 20 parallel requests of one browser signed in (the API grace window answers repeats)', async () => {
    const rt = freshToken();
    const access = fakeJwt(nowS() + 900);
    let rotated = false;
    // The API contract: the first use rotates; a repeat inside 10 s gets a fresh access cookie only.
    w.api.on('POST', '/api/oauth/refresh', () => {
      const cookies = [`flx_oauth_access=${access}; Max-Age=900; Path=/; HttpOnly; SameSite=Lax`];
      if (!rotated) cookies.push('flx_oauth_refresh=rt-next; Path=/; HttpOnly; SameSite=Lax');
      rotated = true;
      return { body: '{"ok":true}', headers: { 'set-cookie': cookies } };
    });
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        w.fetch(`${HOST}/api/my/profile`, { headers: { cookie: `flx_oauth_refresh=${rt}` } }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const res of all) {
      expect(setCookieFor(res, 'flx_oauth_access')).toContain(access);
      expect(res.headers.getSetCookie().some((l) => l.includes('Max-Age=0'))).toBe(false);
    }
  });

  it('reuses a refresh that just happened instead of spending the token again', async () => {
    const rt = freshToken();
    refreshAnswersWith(fakeJwt(nowS() + 900), 'rt-next');
    for (let i = 0; i < 3; i++) {
      expect((await w.fetch(`${HOST}/api/my/profile`, { headers: { cookie: `flx_oauth_refresh=${rt}` } })).status).toBe(
        200,
      );
    }
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(1);
  });
});

describe('flx_session hint', () => {
  it('is set while a session cookie exists and readable by scripts (not HttpOnly)', async () => {
    const res = await w.fetch(`${HOST}/`, { headers: { cookie: `flx_oauth_access=${fakeJwt(nowS() + 900)}` } });
    expect(setCookieFor(res, 'flx_session')).toBe('flx_session=1; Domain=.flxtv.example; Path=/; Secure; SameSite=Lax');
  });

  it('is deleted once no session cookie is left', async () => {
    const res = await w.fetch(`${HOST}/`, { headers: { cookie: 'flx_session=1' } });
    expect(setCookieFor(res, 'flx_session')).toBe(
      'flx_session=; Max-Age=0; Domain=.flxtv.example; Path=/; Secure; SameSite=Lax',
    );
  });

  it('is left alone when it already matches', async () => {
    const res = await w.fetch(`${HOST}/`, {
      headers: { cookie: `flx_oauth_access=${fakeJwt(nowS() + 900)}; flx_session=1` },
    });
    expect(setCookieFor(res, 'flx_session')).toBeUndefined();
  });
});

describe('refresh refused', () => {
  beforeEach(() =>
    w.api.on('POST', '/api/oauth/refresh', { status: 401, body: '{"error":"invalid_refresh_token","error_msg":"x"}' }),
  );

  it(
    'answers an API call 401 session_expired and clears the session cookies with the Domain and Path they were set ' +
      'with',
    async () => {
      const res = await w.fetch(`${HOST}/api/my/profile`, {
        headers: { cookie: `flx_oauth_refresh=${freshToken()}; flx_session=1` },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'session_expired' });
      expect(w.api.callsTo('/api/my/profile')).toHaveLength(0);
      // The answer itself tells the page; no mark is left for a later one.
      expect(setCookieFor(res, 'flx_session_ended')).toBeUndefined();
      for (const name of ['flx_oauth_access', 'flx_oauth_refresh', 'flx_access_token', 'flx_session']) {
        expect(setCookieFor(res, name)).toBe(`${name}=; Max-Age=0; Domain=.flxtv.example; Path=/; Secure`);
      }
    },
  );

  it('serves a page as to a guest, clears the cookies and leaves the host-only session-ended mark for the page', async () => {
    const res = await w.fetch(`${HOST}/`, { headers: { cookie: `flx_oauth_refresh=${freshToken()}` } });
    expect(res.status).toBe(200);
    expect(setCookieFor(res, 'flx_oauth_refresh')).toMatch(
      /^flx_oauth_refresh=; Max-Age=0; Domain=\.flxtv\.example; Path=\//,
    );
    expect(setCookieFor(res, 'flx_session_ended')).toBe(
      'flx_session_ended=1; Max-Age=60; Path=/; Secure; SameSite=Lax',
    );
  });

  it('clears host-only cookies on a local host', async () => {
    const res = await w.fetch('http://localhost/api/my/profile', {
      headers: { cookie: `flx_oauth_refresh=${freshToken()}` },
    });
    expect(setCookieFor(res, 'flx_oauth_refresh')).toBe('flx_oauth_refresh=; Max-Age=0; Path=/');
  });
});

describe('refresh unavailable', () => {
  it.each([
    ['answers 500', { status: 500 }],
    ['answers 503', { status: 503 }],
    ['never answers', { hang: true }],
  ])('leaves the cookies alone when the API %s', async (_, answer) => {
    w.api.on('POST', '/api/oauth/refresh', answer);
    const res = await w.fetch(`${HOST}/`, { headers: { cookie: `flx_oauth_refresh=${freshToken()}; flx_session=1` } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().filter((l) => /^flx_(oauth|session|access)/.test(l))).toEqual([]);
  });
});

describe('401 from a proxied call', () => {
  it('refreshes once and retries with the new token, body included', async () => {
    const rt = freshToken();
    const access = fakeJwt(nowS() + 900);
    refreshAnswersWith(access, 'rt-next');
    w.api.on('POST', '/api/my/setting', (call) => ({
      status: cookieOf(call).includes(access) ? 200 : 401,
      body: call.body,
    }));
    const res = await w.fetch(`${HOST}/api/my/setting`, {
      method: 'POST',
      // Not expired by its exp, yet refused by the API (revoked, say): only the 401 triggers the refresh.
      headers: {
        cookie: `flx_oauth_access=${fakeJwt(nowS() + 800)}; flx_oauth_refresh=${rt}`,
        'content-type': 'application/json',
        'content-length': '9',
        'sec-fetch-site': 'same-origin',
      },
      body: '{"a":"b"}',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"a":"b"}');
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(1);
    expect(w.api.callsTo('/api/my/setting').map((c) => c.body)).toEqual(['{"a":"b"}', '{"a":"b"}']);
    expect(setCookieFor(res, 'flx_oauth_access')).toContain(access);
  });

  it('never refreshes on a sign-in 401 (wrong password is not an expired token)', async () => {
    w.api.on('POST', '/v2/api/auth/signin', { status: 401, body: '{"status":401,"msg":""}' });
    const res = await w.fetch(`${HOST}/v2/api/auth/signin`, {
      method: 'POST',
      headers: {
        cookie: `flx_oauth_access=${fakeJwt(nowS() + 900)}; flx_oauth_refresh=${freshToken()}`,
        'sec-fetch-site': 'same-origin',
      },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(w.api.callsTo('/api/oauth/refresh')).toHaveLength(0);
  });
});

describe('sign-out', () => {
  it('clears the session cookies on the brand whatever the API answers', async () => {
    w.api.on('POST', '/api/auth/signout', { status: 500 });
    const res = await w.fetch(`${HOST}/api/auth/signout`, {
      method: 'POST',
      headers: {
        cookie: `flx_oauth_access=${fakeJwt(nowS() + 900)}; flx_oauth_refresh=${freshToken()}; flx_session=1`,
        'sec-fetch-site': 'same-origin',
      },
    });
    for (const name of ['flx_oauth_access', 'flx_oauth_refresh', 'flx_access_token', 'flx_session']) {
      expect(setCookieFor(res, name)).toBe(`${name}=; Max-Age=0; Domain=.flxtv.example; Path=/; Secure`);
    }
  });
});
