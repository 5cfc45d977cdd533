import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROOMS } from '../../domain/chat-events.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { jsonInit } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const status = async () => (await t.app.request('/api/service/status')).json();

describe('service status and the development switch', () => {
  it('starts in normal service', async () => {
    expect(await status()).toEqual({ status: 'ok', data: { defenceMode: false } });
  });

  it('reports maintenance, emergency and back to normal as the switch sets them', async () => {
    expect((await t.app.request('/api/dev/service-mode', jsonInit('POST', { mode: 'maintenance' }))).status).toBe(200);
    expect(await status()).toEqual({ status: 'maintenance', data: { defenceMode: false } });
    await t.app.request('/api/dev/service-mode', jsonInit('POST', { mode: 'emergency' }));
    expect(await status()).toEqual({ status: 'ok', data: { defenceMode: true } });
    await t.app.request('/api/dev/service-mode', jsonInit('POST', { mode: 'normal' }));
    expect(await status()).toEqual({ status: 'ok', data: { defenceMode: false } });
  });

  it.each([['{"mode":"off"}'], ['{"mode":1}'], ['not json'], ['[]'], ['{}']])(
    'refuses the body %s with 400 and changes nothing',
    async (body) => {
      const res = await t.app.request('/api/dev/service-mode', jsonInit('POST', body));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), error_msg: expect.any(String) });
      expect(await status()).toEqual({ status: 'ok', data: { defenceMode: false } });
    },
  );
});

describe('platform switches', () => {
  it('the development switch turns a social login off and on in the channel settings', async () => {
    expect(
      (await t.app.request('/api/dev/channel-settings', jsonInit('POST', { isSnsLoginGoogle: false }))).status,
    ).toBe(200);
    expect(await (await t.app.request('/api/guest/channel-settings')).json()).toMatchObject({
      isSnsLoginGoogle: false,
      isSnsLoginKakao: true,
    });
    await t.app.request('/api/dev/channel-settings', jsonInit('POST', { isSnsLoginGoogle: true }));
    expect(await (await t.app.request('/api/guest/channel-settings')).json()).toMatchObject({ isSnsLoginGoogle: true });
    expect(
      (await t.app.request('/api/dev/channel-settings', jsonInit('POST', { isSnsLoginGoogle: 'no' }))).status,
    ).toBe(400);
  });

  it('the adult switches reach the channel settings, and every change is announced to every chat connection', async () => {
    t.published.length = 0;
    expect(
      (
        await t.app.request(
          '/api/dev/channel-settings',
          jsonInit('POST', { adultBroadcast: false, adultPlusBroadcast: false }),
        )
      ).status,
    ).toBe(200);
    expect(await (await t.app.request('/api/guest/channel-settings')).json()).toMatchObject({
      adultBroadcast: false,
      adultPlusBroadcast: false,
    });
    expect(t.published).toEqual([{ room: ALL_ROOMS, type: 'settings', data: {} }]);
    await t.app.request(
      '/api/dev/channel-settings',
      jsonInit('POST', { adultBroadcast: true, adultPlusBroadcast: true }),
    );
    expect(await (await t.app.request('/api/guest/channel-settings')).json()).toMatchObject({
      adultBroadcast: true,
      adultPlusBroadcast: true,
    });
    expect(t.published).toHaveLength(2);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await openTestApp({ env: { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
  });
  afterAll(() => prod.close());

  it('the development switch does not exist', async () => {
    const res = await prod.app.request('/api/dev/service-mode', jsonInit('POST', { mode: 'maintenance' }));
    expect(res.status).toBe(404);
    expect(await (await prod.app.request('/api/service/status')).json()).toMatchObject({ status: 'ok' });
  });
});
