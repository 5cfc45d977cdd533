/** Partner codes and reward-network keys from the query (SPEC §2, §4), in workerd. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '../../testing/stub-api.ts';
import { setCookieFor, startWorker, STATUS_OK, type WorkerUnderTest } from '../../testing/harness.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
}, 120_000);
afterAll(() => w.close());
beforeEach(() => {
  w.api.reset();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  w.api.on('POST', '/api/partners', { body: '{"ok":true}' });
  w.api.on('GET', '/api/guest/pincrux', { body: '{"ok":true}' });
});

describe('partnerCode', () => {
  it('keeps the code of a guest in partner_code on the brand, registers it, and serves the page', async () => {
    const res = await w.fetch('https://www.flxtv.example/channels/1?partnerCode=ONION_01&app=main');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-page="/channels/_"');
    expect(setCookieFor(res, 'partner_code')).toBe(
      'partner_code=ONION_01; Max-Age=31536000; Domain=.flxtv.example; Path=/; Secure; SameSite=Lax',
    );
    const [call] = w.api.callsTo('/api/partners');
    expect(call!.method).toBe('POST');
    expect(JSON.parse(call!.body)).toEqual({ partnerCode: 'ONION_01' });
    expect(call!.headers['x-brand']).toBe('main');
  });

  it('is not applied while somebody is signed in', async () => {
    const res = await w.fetch('http://localhost/?partnerCode=P1', {
      headers: { cookie: `flx_oauth_access=${fakeJwt(Math.floor(Date.now() / 1000) + 900)}` },
    });
    expect(res.status).toBe(200);
    expect(setCookieFor(res, 'partner_code')).toBeUndefined();
    expect(w.api.callsTo('/api/partners')).toHaveLength(0);
  });

  it('does not register the same code twice', async () => {
    await w.fetch('http://localhost/?partnerCode=P1', { headers: { cookie: 'partner_code=P1' } });
    expect(w.api.callsTo('/api/partners')).toHaveLength(0);
  });

  it.each(['a;b', 'a,b', 'x'.repeat(41), '<script>', 'a\r\nSet-Cookie: x=1', ''])(
    'ignores the malformed code %j',
    async (code) => {
      const res = await w.fetch(`http://localhost/?partnerCode=${encodeURIComponent(code)}`);
      expect(setCookieFor(res, 'partner_code')).toBeUndefined();
      expect(w.api.callsTo('/api/partners')).toHaveLength(0);
      expect(res.status).toBe(200);
    },
  );

  it('still answers when the API is down', async () => {
    w.api.on('POST', '/api/partners', { status: 500 });
    const res = await w.fetch('http://localhost/?partnerCode=P2');
    expect(res.status).toBe(200);
    expect(setCookieFor(res, 'partner_code')).toBe('partner_code=P2; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('appkey and pinkey', () => {
  it('stores them and submits them once when the cookies are absent', async () => {
    const res = await w.fetch('http://localhost/?appkey=A1&pinkey=K1');
    expect(setCookieFor(res, 'pinc_appkey')).toBe('pinc_appkey=A1; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(setCookieFor(res, 'pinc_pinkey')).toBe('pinc_pinkey=K1; Max-Age=31536000; Path=/; SameSite=Lax');
    const [call] = w.api.callsTo('/api/guest/pincrux');
    expect(call!.url).toBe('/api/guest/pincrux?appkey=A1&pinkey=K1');
  });

  it('does not submit again while the cookies exist', async () => {
    const res = await w.fetch('http://localhost/?appkey=A2&pinkey=K2', {
      headers: { cookie: 'pinc_appkey=A1; pinc_pinkey=K1' },
    });
    expect(w.api.callsTo('/api/guest/pincrux')).toHaveLength(0);
    expect(setCookieFor(res, 'pinc_appkey')).toBeUndefined();
  });
});
