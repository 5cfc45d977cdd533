import { describe, expect, it } from 'vitest';
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
