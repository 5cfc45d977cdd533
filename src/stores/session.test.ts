import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakePage } from '../testing/fake-api.ts';
import { $dialog } from './modals.ts';
import { $session, $signedIn, ensureMember, hasSessionHint, loadSession } from './session.ts';

describe('session hint (docs/ARCHITECTURE.md)', () => {
  it('reads only the flx_session hint', () => {
    expect(hasSessionHint('a=1; flx_session=1; b=2')).toBe(true);
    expect(hasSessionHint('flx_session=0')).toBe(false);
    expect(hasSessionHint('flx_oauth_access=abc')).toBe(false);
    expect(hasSessionHint('')).toBe(false);
  });
  it('without the hint the visitor is a guest and no request is made', async () => {
    expect($session.get()).toEqual({ status: 'unknown' });
    expect(await loadSession()).toEqual({ status: 'guest' });
    expect($signedIn.get()).toBe(false);
  });
});

describe('members-only actions (SPEC §6)', () => {
  it('a guest gets the members-only dialog with the callbackURL, and the action does not run', async () => {
    expect(await ensureMember('/channels/7?tab=chat')).toBe(false);
    expect($dialog.get()).toEqual({ kind: 'membersOnly', callbackURL: '/channels/7?tab=chat' });
  });
});

describe('the API client’s session effects, installed by the shell', () => {
  it('session expiry ends the session with its dialog; a bare message is an alert', async () => {
    vi.resetModules();
    fakePage({ signedIn: true });
    fakeApi({
      'GET /api/my/profile': {
        body: { memberId: 1, loginId: 'viewer01', nickname: 'V', memberType: 'V', PI: false, settings: {} },
      },
      'GET /api/expired': { status: 401, body: { error: 'session_expired' } },
      'GET /api/bare': { status: 400, body: { error_msg: '잠시 후 다시 시도해 주세요.' } },
      'POST /api/auth/signout': { body: { ok: true } },
    });
    const session = await import('./session.ts');
    const modals = await import('./modals.ts');
    const { apiResult } = await import('../lib/api-client.ts');
    await session.loadSession();
    await apiResult('/api/expired');
    // Not installed yet: the effect waits for the shell.
    expect(session.$signedIn.get()).toBe(true);
    session.installSessionEffects();
    expect(session.$signedIn.get()).toBe(false);
    expect(modals.$dialog.get()).toEqual({ kind: 'sessionExpired' });
    await apiResult('/api/bare');
    expect(modals.$dialog.get()).toEqual({ kind: 'alert', text: '잠시 후 다시 시도해 주세요.' });
    vi.unstubAllGlobals();
  });
});

describe('a session that dies under the page (SPEC §2 session-expired dialog)', () => {
  const PROFILE = { memberId: 1, loginId: 'viewer01', nickname: 'V', memberType: 'V', PI: false, settings: {} };

  async function freshStores() {
    vi.resetModules();
    const session = await import('./session.ts');
    const modals = await import('./modals.ts');
    session.installSessionEffects();
    return { session, modals };
  }

  it(
    'the profile re-read finding the member gone (401) shows the dialog, not members-only, and signs out on the ' +
      'server',
    async () => {
      fakePage({ signedIn: true });
      const api = fakeApi({
        'GET /api/my/profile': { body: PROFILE },
        'POST /api/auth/signout': { body: { ok: true } },
      });
      const { session, modals } = await freshStores();
      await session.loadSession();
      expect(session.$signedIn.get()).toBe(true);
      api.answer('GET /api/my/profile', { status: 401, body: { error: 'unauthorized', error_msg: 'x' } });
      await session.loadSession({ force: true });
      expect(session.$signedIn.get()).toBe(false);
      expect(modals.$dialog.get()).toEqual({ kind: 'sessionExpired' });
      await vi.waitFor(() => expect(api.callsTo('POST /api/auth/signout')).toHaveLength(1));
      // A members-only page's guard runs afterwards: the session-expired dialog stays.
      expect(await session.ensureMember()).toBe(false);
      expect(modals.$dialog.get()).toEqual({ kind: 'sessionExpired' });
      vi.unstubAllGlobals();
    },
  );

  it('the edge’s session_expired on the first profile read runs the logout flow once', async () => {
    fakePage({ signedIn: true });
    const api = fakeApi({
      'GET /api/my/profile': { status: 401, body: { error: 'session_expired', error_msg: 'x' } },
      'POST /api/auth/signout': { body: { ok: true } },
    });
    const { session, modals } = await freshStores();
    expect(await session.loadSession()).toEqual({ status: 'guest' });
    expect(modals.$dialog.get()).toEqual({ kind: 'sessionExpired' });
    await vi.waitFor(() => expect(api.callsTo('POST /api/auth/signout')).toHaveLength(1));
    vi.unstubAllGlobals();
  });

  it('the edge’s session-ended mark shows the dialog without asking the API, once', async () => {
    const page = { cookie: 'flx_session_ended=1', documentElement: { lang: 'ko' }, getElementById: () => null };
    vi.stubGlobal('document', page);
    const api = fakeApi({});
    const { session, modals } = await freshStores();
    expect(await session.loadSession()).toEqual({ status: 'guest' });
    expect(modals.$dialog.get()).toEqual({ kind: 'sessionExpired' });
    expect(api.calls).toHaveLength(0);
    expect(page.cookie).toBe('flx_session_ended=; Max-Age=0; Path=/');
    vi.unstubAllGlobals();
  });

  it('any other failure of the profile read is a plain guest view', async () => {
    fakePage({ signedIn: true });
    fakeApi({ 'GET /api/my/profile': 'network' });
    const { session, modals } = await freshStores();
    expect(await session.loadSession()).toEqual({ status: 'guest' });
    expect(modals.$dialog.get()).toBeNull();
    vi.unstubAllGlobals();
  });
});
