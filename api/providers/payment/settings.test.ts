import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { parsePaymentSettings, validWebhookSecret } from './settings.ts';

const PORTONE = {
  PAYMENT_GATEWAY: 'portone',
  PORTONE_API_SECRET: 'api-secret-1',
  PORTONE_STORE_ID: 'store-1',
  PORTONE_CHANNEL_KEY: 'channel-key-1',
  PORTONE_WEBHOOK_SECRET: `whsec_${Buffer.from('a webhook secret of some length').toString('base64')}`,
};
const PRODUCTION = { PLATFORM_ENV: 'production', JWT_SECRET: 'j'.repeat(40) };

describe('payment settings (PAYMENT_GATEWAY, PORTONE_*)', () => {
  it('chooses the simulator outside production and nothing in production when unset', () => {
    expect(loadConfig({ PLATFORM_ENV: 'test' }).payment).toEqual({ gateway: 'development' });
    expect(loadConfig({ PLATFORM_ENV: 'development' }).payment).toEqual({ gateway: 'development' });
    expect(loadConfig(PRODUCTION).payment).toEqual({ gateway: 'none' });
  });

  it('reads a complete PortOne configuration, with per-method channels and the default API origin', () => {
    const config = loadConfig({
      ...PRODUCTION,
      ...PORTONE,
      PORTONE_CHANNEL_KEY_KAKAOPAY: 'channel-key-kakao',
      PORTONE_CHANNEL_KEY_VIRTUALACCOUNT: 'channel-key-va',
    });
    expect(config.payment).toEqual({
      gateway: 'portone',
      portone: {
        apiSecret: 'api-secret-1',
        storeId: 'store-1',
        apiBase: 'https://api.portone.io',
        channelKey: 'channel-key-1',
        channelKeys: { kakaopay: 'channel-key-kakao', virtualaccount: 'channel-key-va' },
        webhookSecret: PORTONE.PORTONE_WEBHOOK_SECRET,
      },
    });
    const local = parsePaymentSettings({ ...PORTONE, PORTONE_API_BASE: 'http://127.0.0.1:8871' }, true);
    expect(local.ok && local.value.gateway === 'portone' && local.value.portone.apiBase).toBe('http://127.0.0.1:8871');
  });

  it('refuses to start half-configured, naming what is missing or wrong', () => {
    const refuse = (env: Record<string, string | undefined>, message: RegExp) =>
      expect(() => loadConfig({ ...PRODUCTION, ...env })).toThrow(message);
    refuse({ ...PORTONE, PORTONE_API_SECRET: undefined }, /needs PORTONE_API_SECRET/);
    refuse(
      { ...PORTONE, PORTONE_API_SECRET: '', PORTONE_STORE_ID: ' ' },
      /needs PORTONE_API_SECRET and PORTONE_STORE_ID/,
    );
    refuse({ ...PORTONE, PORTONE_CHANNEL_KEY: undefined }, /needs PORTONE_CHANNEL_KEY/);
    refuse({ ...PORTONE, PORTONE_WEBHOOK_SECRET: undefined }, /needs PORTONE_WEBHOOK_SECRET/);
    refuse({ ...PORTONE, PORTONE_WEBHOOK_SECRET: 'not base64!' }, /PORTONE_WEBHOOK_SECRET must be/);
    refuse(
      { ...PORTONE, PORTONE_CHANNEL_KEY_PAYPAL: 'channel-key-x' },
      /PORTONE_CHANNEL_KEY_PAYPAL names no payment method/,
    );
    refuse({ ...PORTONE, PORTONE_CHANNEL_KEY_MOBILE: 'has space' }, /PORTONE_CHANNEL_KEY_MOBILE must be a channel key/);
    refuse({ ...PORTONE, PORTONE_API_BASE: 'http://api.portone.io' }, /must use https/);
    refuse({ ...PORTONE, PORTONE_API_BASE: 'https://api.portone.io/v2' }, /must be an origin/);
    refuse({ ...PORTONE, PORTONE_API_BASE: 'nonsense' }, /must be a URL/);
    refuse({ PAYMENT_GATEWAY: 'development' }, /production refuses it/);
    refuse({ PAYMENT_GATEWAY: 'stripe' }, /must be portone or development/);
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_GATEWAY: 'portone' })).toThrow(ConfigError);
  });

  it('takes webhook secrets as PortOne issues them: base64, with or without whsec_', () => {
    const b64 = Buffer.from('secret bytes').toString('base64');
    expect(validWebhookSecret(b64)).toBe(true);
    expect(validWebhookSecret(`whsec_${b64}`)).toBe(true);
    for (const bad of ['', 'whsec_', 'abc', 'plain text secret', 'whsec_@@@@'])
      expect(validWebhookSecret(bad), bad).toBe(false);
  });
});
