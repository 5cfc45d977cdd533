import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json' with { type: 'json' };
import ko from '../../../messages/ko.json' with { type: 'json' };
import { signinFieldErrors } from './signin-submit.ts';

describe('the sign-in form checks its fields with signinSchema', () => {
  it('refuses both empty fields in SPEC §4 words, in the page language', () => {
    expect(signinFieldErrors({ loginId: '', password: '' }, 'en')).toEqual({
      loginId: en.auth_error_login_id_check,
      password: en.auth_error_password_empty,
    });
    expect(signinFieldErrors({ loginId: 'viewer01', password: '' }, 'ko')).toEqual({
      loginId: undefined,
      password: ko.auth_error_password_empty,
    });
  });
  it('refuses what the API would: a value of whitespace only, a control character', () => {
    expect(signinFieldErrors({ loginId: '  ', password: 'x' }, 'en').loginId).toBe(en.auth_error_login_id_check);
    const control = signinFieldErrors({ loginId: 'viewer01', password: 'a\u0000b' }, 'en');
    expect(control.password).toBe(en.auth_error_password_empty);
  });
  it('lets any filled pair through: a wrong ID or password is for the API to say', () => {
    const filled = signinFieldErrors({ loginId: '1', password: 'x' }, 'en');
    expect(filled).toEqual({ loginId: undefined, password: undefined });
  });
});
