import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { FAKE_PORTONE, startPortOneServer, type PortOneServer } from '../../testing/portone-server.ts';
import { createIdentityProvider } from './identity-provider.ts';
import { PortOneIdentity } from './portone.ts';

let server: PortOneServer;
let identity: PortOneIdentity;
const env = () => ({
  PLATFORM_ENV: 'production',
  JWT_SECRET: 'j'.repeat(40),
  IDENTITY_PROVIDER: 'portone',
  PORTONE_API_SECRET: FAKE_PORTONE.apiSecret,
  PORTONE_STORE_ID: FAKE_PORTONE.storeId,
  PORTONE_IDENTITY_CHANNEL_KEY: 'channel-key-identity',
  PORTONE_API_BASE: server.url,
});

beforeAll(async () => {
  server = await startPortOneServer();
  const provider = createIdentityProvider(loadConfig(env()));
  if (!(provider instanceof PortOneIdentity)) throw new Error('expected the PortOne identity provider');
  identity = provider;
});
afterAll(() => server.close());

describe('identity verification through PortOne (getIdentityVerification)', () => {
  it('hands the browser SDK its request and sends the popup to the personal-auth page', () => {
    expect(identity.browserRequest('req-1')).toEqual({
      storeId: FAKE_PORTONE.storeId,
      channelKey: 'channel-key-identity',
      identityVerificationId: 'req-1',
    });
    expect(identity.startUrl('req-1')).toBe('/my/personal-auth?provider=portone&requestId=req-1');
  });

  it('reports a verified person with the birth date the adult checks read', async () => {
    server.fake.setIdentityVerification({
      id: 'req-verified',
      status: 'VERIFIED',
      requestedAt: new Date().toISOString(),
      customer: {
        name: '홍길동',
        birthDate: '1990-05-06',
        phoneNumber: '01012345678',
        gender: 'MALE',
        isForeigner: false,
        ci: 'ci-1',
        di: 'di-1',
      },
    });
    expect(await identity.verification('req-verified')).toEqual({
      ok: true,
      report: {
        status: 'verified',
        person: {
          birthday: '1990-05-06',
          name: '홍길동',
          phoneNumber: '01012345678',
          gender: 'MALE',
          isForeigner: false,
          ci: 'ci-1',
          di: 'di-1',
        },
      },
    });
  });

  it('reports failed, pending and unknown verifications, and a verification without a usable birth date as failed', async () => {
    const at = new Date().toISOString();
    server.fake.setIdentityVerification({
      id: 'req-failed',
      status: 'FAILED',
      requestedAt: at,
      reason: '본인인증 실패',
    });
    server.fake.setIdentityVerification({ id: 'req-ready', status: 'READY', requestedAt: at });
    server.fake.setIdentityVerification({
      id: 'req-no-birth',
      status: 'VERIFIED',
      requestedAt: at,
      customer: { name: 'x', birthDate: '' },
    });
    expect(await identity.verification('req-failed')).toEqual({
      ok: true,
      report: { status: 'failed', note: '본인인증 실패' },
    });
    expect(await identity.verification('req-ready')).toEqual({ ok: true, report: { status: 'pending' } });
    expect(await identity.verification('req-none')).toEqual({ ok: true, report: { status: 'not_found' } });
    expect(await identity.verification('req-no-birth')).toMatchObject({ ok: true, report: { status: 'failed' } });
  });

  it('answers identity_unavailable when PortOne refuses the secret', async () => {
    const refused = createIdentityProvider(loadConfig({ ...env(), PORTONE_API_SECRET: 'wrong' })) as PortOneIdentity;
    expect(await refused.verification('req-verified')).toMatchObject({ ok: false, code: 'identity_unavailable' });
  });
});

describe('identity settings (IDENTITY_PROVIDER …)', () => {
  const PRODUCTION = { PLATFORM_ENV: 'production', JWT_SECRET: 'j'.repeat(40) };
  it('chooses the simulator outside production, a configured redirect or none in production', () => {
    expect(loadConfig({ PLATFORM_ENV: 'test' }).identity).toEqual({ provider: 'simulator' });
    expect(loadConfig(PRODUCTION).identity).toEqual({ provider: 'none' });
    expect(createIdentityProvider(loadConfig(PRODUCTION))).toBeNull();
    const redirect = { IDENTITY_START_URL: 'https://pass.example/start', IDENTITY_WEBHOOK_SECRET: 'w'.repeat(32) };
    expect(loadConfig({ ...PRODUCTION, ...redirect }).identity).toEqual({
      provider: 'redirect',
      startUrl: 'https://pass.example/start',
    });
    expect(loadConfig({ ...PRODUCTION, ...redirect, IDENTITY_PROVIDER: 'redirect' }).identity).toMatchObject({
      provider: 'redirect',
    });
  });

  it('refuses half-configured or unknown providers', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION, IDENTITY_PROVIDER: 'portone', PORTONE_API_SECRET: 's', PORTONE_STORE_ID: 'st' }),
    ).toThrow(/needs PORTONE_IDENTITY_CHANNEL_KEY/);
    expect(() => loadConfig({ ...PRODUCTION, IDENTITY_PROVIDER: 'portone' })).toThrow(
      /IDENTITY_PROVIDER=portone needs PORTONE_API_SECRET/,
    );
    expect(() => loadConfig({ ...PRODUCTION, IDENTITY_PROVIDER: 'redirect' })).toThrow(/needs IDENTITY_START_URL/);
    expect(() => loadConfig({ ...PRODUCTION, IDENTITY_PROVIDER: 'simulator' })).toThrow(/production refuses it/);
    expect(() => loadConfig({ ...PRODUCTION, IDENTITY_PROVIDER: 'nice' })).toThrow(
      /must be portone, redirect or simulator/,
    );
  });
});
