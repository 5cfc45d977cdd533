import { beforeEach, describe, expect, it } from 'vitest';
import {
  $authDialog,
  $dialog,
  closeAuthDialog,
  closeDialog,
  openAuthDialog,
  setAuthTab,
  showAlert,
  showMembersOnly,
  showSessionExpired,
} from './modals.ts';

beforeEach(() => {
  closeDialog();
  closeAuthDialog();
});

describe('global modals state (SPEC §2)', () => {
  it('alert carries its text', () => {
    showAlert('안내할 내용');
    expect($dialog.get()).toEqual({ kind: 'alert', text: '안내할 내용' });
  });
  it('members-only keeps a sanitised callbackURL', () => {
    showMembersOnly('/my/items?tab=1');
    expect($dialog.get()).toEqual({ kind: 'membersOnly', callbackURL: '/my/items?tab=1' });
    showMembersOnly('https://evil.example/');
    expect($dialog.get()).toEqual({ kind: 'membersOnly', callbackURL: '/' });
  });
  it('the login dialog opens on a tab, replaces the notice and switches tabs', () => {
    showMembersOnly('/my');
    openAuthDialog({ tab: 'signup', callbackURL: '/my' });
    expect($dialog.get()).toBeNull();
    expect($authDialog.get()).toEqual({ tab: 'signup', callbackURL: '/my' });
    setAuthTab('signin');
    expect($authDialog.get()).toEqual({ tab: 'signin', callbackURL: '/my' });
    openAuthDialog({ callbackURL: '//evil.example' });
    expect($authDialog.get()).toEqual({ tab: 'signin', callbackURL: '/' });
  });
  it('session expiry closes the login dialog and shows its own', () => {
    openAuthDialog();
    showSessionExpired();
    expect($authDialog.get()).toBeNull();
    expect($dialog.get()).toEqual({ kind: 'sessionExpired' });
  });
});
