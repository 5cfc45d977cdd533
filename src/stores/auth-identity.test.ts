import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakePage } from '../testing/fake-api.ts';
import { identityLaunchUrl } from './auth-identity.ts';

it('goes to the provider in a browser and through the personal-auth app scheme inside the app', () => {
  const provider = 'https://site.example/api/dev/identity?request=abc&x=1';
  expect(identityLaunchUrl(provider, false)).toBe(provider);
  const inApp = new URL(identityLaunchUrl(provider, true));
  expect(inApp.protocol).toBe('personal-auth:');
  expect(inApp.searchParams.get('url')).toBe(provider);
});

const sdk = vi.hoisted(() => ({ requestIdentityVerification: vi.fn() }));
vi.mock('@portone/browser-sdk/v2', () => sdk);

describe('the PortOne path of /my/personal-auth (provider=portone&requestId)', () => {
  const request = { storeId: 'store-1', channelKey: 'channel-1', identityVerificationId: 'req1' };
  const page = (search: string) => {
    fakePage({ signedIn: true });
    vi.stubGlobal('location', {
      search,
      href: `https://site.example/my/personal-auth${search}`,
      origin: 'https://site.example',
    });
    vi.stubGlobal('sessionStorage', { getItem: () => null, removeItem: () => undefined, setItem: () => undefined });
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    sdk.requestIdentityVerification.mockReset();
  });

  it("runs PortOne's window for the API's request, then completes through the API and reads PI", async () => {
    const api = fakeApi({
      'GET /api/personal-auth/portone': { body: { request } },
      'POST /api/personal-auth/complete': { body: { requestId: 'req1', type: 'personal', status: 'complete' } },
      'GET /api/my/profile': {
        body: { memberId: 1, loginId: 'viewer01', nickname: 'V', memberType: 'V', PI: true, settings: {} },
      },
    });
    page('?provider=portone&requestId=req1');
    sdk.requestIdentityVerification.mockResolvedValue({ identityVerificationId: 'req1' });
    const { finishPortOneVerification } = await import('./auth-identity.ts');
    expect(await finishPortOneVerification('req1', null)).toEqual({ verified: true, callbackURL: null });
    expect(sdk.requestIdentityVerification).toHaveBeenCalledWith({
      ...request,
      redirectUrl: 'https://site.example/my/personal-auth?provider=portone&requestId=req1',
    });
    expect(api.callsTo('POST /api/personal-auth/complete')[0]!.body).toEqual({ requestId: 'req1' });
  });

  it('stops when the window reports a code (the member gave up) or PortOne has not verified', async () => {
    const api = fakeApi({
      'GET /api/personal-auth/portone': { body: { request } },
      'POST /api/personal-auth/complete': { body: { requestId: 'req1', type: 'personal', status: 'pending' } },
    });
    page('?provider=portone&requestId=req1');
    sdk.requestIdentityVerification.mockResolvedValue({ code: 'IDENTITY_VERIFICATION_CANCELED', message: 'cancelled' });
    const { finishPortOneVerification } = await import('./auth-identity.ts');
    expect(await finishPortOneVerification('req1', null)).toEqual({ verified: false, callbackURL: null });
    expect(api.callsTo('POST /api/personal-auth/complete')).toHaveLength(0);
    // Back from a redirection window without a code: the API is asked, and it says not yet.
    page('?provider=portone&requestId=req1&identityVerificationId=req1');
    expect(await finishPortOneVerification('req1', null)).toEqual({ verified: false, callbackURL: null });
    expect(api.callsTo('POST /api/personal-auth/complete')).toHaveLength(1);
    expect(await finishPortOneVerification('req1', 'CANCELED')).toEqual({ verified: false, callbackURL: null });
  });
});
