/** The anonymous id cookie of SPEC §3/§9, in workerd. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCookieFor, startWorker, STATUS_OK, type WorkerUnderTest } from '../../testing/harness.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
}, 120_000);
afterAll(() => w.close());

describe('flx_uuid', () => {
  it('is set when absent: 10 lowercase hex, Max-Age 10800, Path /, host-only locally', async () => {
    const line = setCookieFor(await w.fetch('http://localhost/'), 'flx_uuid');
    expect(line).toMatch(/^flx_uuid=[0-9a-f]{10}; Max-Age=10800; Path=\/; SameSite=Lax$/);
  });

  it('goes on the brand domain, Secure, on a production host', async () => {
    const line = setCookieFor(await w.fetch('https://live.onion.example/'), 'flx_uuid');
    expect(line).toMatch(
      /^flx_uuid=[0-9a-f]{10}; Max-Age=10800; Domain=\.onion\.example; Path=\/; Secure; SameSite=Lax$/,
    );
  });

  it('is kept when present and valid', async () => {
    expect(
      setCookieFor(await w.fetch('http://localhost/', { headers: { cookie: 'flx_uuid=0123456789' } }), 'flx_uuid'),
    ).toBeUndefined();
  });

  it.each(['ABCDEF0123', '012345678', '0123456789a', 'zzzzzzzzzz', '01234 6789'])(
    'replaces the malformed value %j',
    async (v) => {
      expect(
        setCookieFor(await w.fetch('http://localhost/', { headers: { cookie: `flx_uuid=${v}` } }), 'flx_uuid'),
      ).toMatch(/^flx_uuid=[0-9a-f]{10};/);
    },
  );

  it('is different for every visitor', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(setCookieFor(await w.fetch('http://localhost/'), 'flx_uuid')!.slice(9, 19));
    expect(ids.size).toBe(20);
  });

  it('is not set on cacheable policy pages', async () => {
    expect(setCookieFor(await w.fetch('http://localhost/static/privacy-rules'), 'flx_uuid')).toBeUndefined();
  });
});
