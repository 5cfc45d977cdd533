import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityStep } from '../../domain/enums.ts';
import { fakeApi, fakePage } from '../testing/fake-api.ts';

const ORIGIN = 'https://site.example';
const profile = (PI: boolean) => ({
  body: { memberId: 1, loginId: 'viewer01', nickname: 'V', memberType: 'V', PI, settings: {} },
});

/** A page with a popup-capable window: what it opened, where it went, and its message listeners. */
function browserPage() {
  const listeners: ((e: { origin: string; data: unknown }) => void)[] = [];
  const popup = { close: vi.fn(), focus: vi.fn() };
  const open = vi.fn(() => popup as unknown as Window);
  const location = {
    origin: ORIGIN,
    pathname: '/channels/7/live',
    search: '',
    href: `${ORIGIN}/channels/7/live`,
    assign: vi.fn(),
  };
  vi.stubGlobal('location', location);
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
  vi.stubGlobal('window', {
    open,
    location,
    addEventListener: (_: string, fn: (typeof listeners)[number]) => listeners.push(fn),
  });
  const post = (data: unknown, origin = ORIGIN) => listeners.forEach((fn) => fn({ origin, data }));
  return { open, popup, location, post };
}

async function fresh() {
  vi.resetModules();
  fakePage({ signedIn: true });
  return import('./identity-popup.ts');
}

afterEach(() => void vi.unstubAllGlobals());

describe('identity verification in a popup, then the pending action (SPEC §2 /my/personal-auth)', () => {
  it('opens the popup at AGREEMENT and runs the action once the popup reports COMPLELTE and the profile has PI', async () => {
    const api = fakeApi({ 'GET /api/my/profile': profile(false) });
    const page = browserPage();
    const identity = await fresh();
    const action = vi.fn();
    await identity.verifyIdentityThen(action);
    expect(page.open).toHaveBeenCalledWith(
      '/my/personal-auth?type=personal&popup=1',
      identity.IDENTITY_POPUP_NAME,
      expect.stringContaining('popup'),
    );
    expect(identity.$identityStep.get()).toBe(IdentityStep.AGREEMENT);

    page.post({ type: 'personal-auth', step: 'IDENTIFIATION' });
    expect(identity.$identityStep.get()).toBe(IdentityStep.IDENTIFIATION);
    expect(action).not.toHaveBeenCalled();

    api.answer('GET /api/my/profile', profile(true));
    page.post({ type: 'personal-auth', step: 'COMPLELTE' });
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(identity.$identityStep.get()).toBe(IdentityStep.COMPLELTE);
    // The action ran once: a repeated report does not run it again.
    page.post({ type: 'personal-auth', step: 'COMPLELTE' });
    await new Promise((r) => setTimeout(r, 0));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('ignores messages from another origin or of another shape, and a completion without PI runs nothing', async () => {
    fakeApi({ 'GET /api/my/profile': profile(false) });
    const page = browserPage();
    const identity = await fresh();
    const action = vi.fn();
    await identity.verifyIdentityThen(action);
    page.post({ type: 'personal-auth', step: 'COMPLELTE' }, 'https://evil.example');
    page.post({ type: 'personal-auth', step: 'DONE' });
    expect(identity.$identityStep.get()).toBe(IdentityStep.AGREEMENT);
    page.post({ type: 'personal-auth', step: 'COMPLELTE' });
    await vi.waitFor(() => expect(identity.$identityStep.get()).toBe(IdentityStep.COMPLELTE));
    await new Promise((r) => setTimeout(r, 0));
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action at once for a verified member, and goes to the page itself when the popup is blocked', async () => {
    fakeApi({ 'GET /api/my/profile': profile(true) });
    const page = browserPage();
    const identity = await fresh();
    const action = vi.fn();
    await identity.verifyIdentityThen(action);
    expect(action).toHaveBeenCalledTimes(1);
    expect(page.open).not.toHaveBeenCalled();

    fakeApi({ 'GET /api/my/profile': profile(false) });
    const blocked = browserPage();
    blocked.open.mockReturnValue(null as unknown as ReturnType<typeof blocked.open>);
    const again = await fresh();
    await again.verifyIdentityThen(action, { callbackURL: '/channels/7/live' });
    expect(blocked.location.assign).toHaveBeenCalledWith('/my/personal-auth?callbackURL=%2Fchannels%2F7%2Flive');
  });

  it('knows the spec’s step names, misspellings included', async () => {
    const identity = await fresh();
    expect(
      ['AGREEMENT', 'IDENTIFIATION', 'COMPLELTE'].every((step) =>
        identity.isIdentityStepMessage({ type: 'personal-auth', step }),
      ),
    ).toBe(true);
    expect(identity.isIdentityStepMessage({ type: 'personal-auth', step: 'COMPLETE' })).toBe(false);
  });
});
