/** Maintenance and emergency redirects (SPEC §4), in workerd against a stub API. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '../../testing/stub-api.ts';
import {
  startWorker,
  STATUS_EMERGENCY,
  STATUS_MAINTENANCE,
  STATUS_OK,
  type WorkerUnderTest,
} from '../../testing/harness.ts';
import { parseStatus } from './status.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker({ API_TIMEOUT_MS: '1500' });
}, 120_000);
afterAll(() => w.close());
beforeEach(() => w.api.reset());

describe('maintenance', () => {
  beforeEach(() => w.api.on('GET', '/api/service/status', STATUS_MAINTENANCE));

  it.each(['/', '/signin', '/channels/1?x=1', '/static/viewer-rules'])(
    'sends %s to the maintenance page',
    async (path) => {
      const res = await w.fetch(`http://localhost${path}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/notices/maintenance');
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('does not redirect the maintenance page itself, nor API calls', async () => {
    expect((await w.fetch('http://localhost/notices/maintenance')).status).not.toBe(302);
    w.api.on('GET', '/api/guest/banners', { body: '[]' });
    expect((await w.fetch('http://localhost/api/guest/banners')).status).toBe(200);
  });

  it('treats an API 503 on the status as maintenance', async () => {
    w.api.on('GET', '/api/service/status', { status: 503 });
    expect((await w.fetch('http://localhost/')).headers.get('location')).toBe('/notices/maintenance');
  });
});

describe('out of maintenance', () => {
  it('sends the maintenance page to home', async () => {
    w.api.on('GET', '/api/service/status', STATUS_OK);
    const res = await w.fetch('http://localhost/notices/maintenance/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it.each([
    ['answers 500', { status: 500 }],
    ['answers garbage', { body: '<html>' }],
    ['answers an unknown status', { body: '{"status":"weird"}' }],
    ['never answers', { hang: true }],
  ])('ignores a status read that %s', async (_, answer) => {
    w.api.on('GET', '/api/service/status', answer);
    const res = await w.fetch('http://localhost/');
    expect(res.status).toBe(200);
  });
});

describe('emergency', () => {
  beforeEach(() => w.api.on('GET', '/api/service/status', STATUS_EMERGENCY));

  it('sends a guest to sign-in with the current path and query as callbackURL', async () => {
    const res = await w.fetch('http://localhost/channels/12?tab=vod&x=%2F');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!, 'http://localhost');
    expect(location.pathname).toBe('/signin');
    expect(location.searchParams.get('callbackURL')).toBe('/channels/12?tab=vod&x=%2F');
  });

  it.each([
    '/signin',
    '/signin?callbackURL=/my',
    '/signup',
    '/signup/foreigner',
    '/find',
    '/guest-auth',
    '/member/find/findId',
    '/callback/kakao/authorize?code=1',
    '/completed/signup',
  ])('lets a guest open %s', async (path) => {
    const res = await w.fetch(`http://localhost${path}`);
    expect(res.status).not.toBe(302);
  });

  it.each([
    ['an access cookie', () => `flx_oauth_access=${fakeJwt(Math.floor(Date.now() / 1000) + 900)}`],
    ['the fallback access cookie', () => 'flx_access_token=abc'],
  ])('lets a member with %s through', async (_, cookie) => {
    const res = await w.fetch('http://localhost/', { headers: { cookie: cookie() } });
    expect(res.status).toBe(200);
  });

  it('treats noAccessToken as a guest', async () => {
    const res = await w.fetch('http://localhost/', { headers: { cookie: 'flx_access_token=noAccessToken' } });
    expect(res.headers.get('location')).toBe('/signin?callbackURL=%2F');
  });

  it('never lets the callbackURL carry another host', async () => {
    const res = await w.fetch('http://localhost//evil.example/%2e%2e');
    const location = new URL(res.headers.get('location') ?? '/', 'http://localhost');
    expect(location.origin).toBe('http://localhost');
    expect(new URL(location.searchParams.get('callbackURL') ?? '/', 'http://localhost').origin).toBe(
      'http://localhost',
    );
  });
});

describe('status cache', () => {
  it('reads the status at most once per TTL per isolate', async () => {
    const cached = await startWorker({ SERVICE_STATUS_TTL_MS: '60000' });
    try {
      cached.api.on('GET', '/api/service/status', STATUS_OK);
      for (let i = 0; i < 5; i++) expect((await cached.fetch('http://localhost/')).status).toBe(200);
      expect(cached.api.callsTo('/api/service/status')).toHaveLength(1);
    } finally {
      await cached.close();
    }
  }, 120_000);
});

describe('a status past its TTL', () => {
  it('answers the page at once while the next status is read beside it; the switch shows once that read is in', async () => {
    const stale = await startWorker({ SERVICE_STATUS_TTL_MS: '1000' });
    try {
      stale.api.on('GET', '/api/service/status', STATUS_OK);
      expect((await stale.fetch('http://localhost/')).status).toBe(200);
      stale.api.on('GET', '/api/service/status', STATUS_MAINTENANCE);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Past the TTL: the page is answered with the status it had, and the status is read again.
      expect((await stale.fetch('http://localhost/')).status).toBe(200);
      await expect
        .poll(async () => (await stale.fetch('http://localhost/')).headers.get('location'))
        .toBe('/notices/maintenance');
      // One read for the stale status, whatever the pages asked meanwhile.
      expect(stale.api.callsTo('/api/service/status')).toHaveLength(2);
    } finally {
      await stale.close();
    }
  }, 120_000);
});

describe('parseStatus', () => {
  it('derives maintenance and emergency from status and data.defenceMode', () => {
    expect(parseStatus({ status: 'maintenance', data: { defenceMode: true } })).toEqual({
      maintenance: true,
      emergency: false,
    });
    expect(parseStatus({ status: 'ok', data: { defenceMode: true } })).toEqual({ maintenance: false, emergency: true });
    expect(parseStatus({ status: 'ok', data: null })).toEqual({ maintenance: false, emergency: false });
    expect(parseStatus({ status: 'ok', data: { defenceMode: 'true' } })).toEqual({
      maintenance: false,
      emergency: false,
    });
    expect(parseStatus(null)).toBeNull();
    expect(parseStatus([])).toBeNull();
  });
});
