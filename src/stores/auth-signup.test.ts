import { describe, expect, it } from 'vitest';
import { FORM_TEXTS as T } from '../../domain/schemas/texts.ts';
import { toOptions } from './auth-countries.ts';
import { partnerFromQuery } from './auth-partner.ts';
import { lookupWord, signupErrorField } from './auth-signup.ts';

describe('sign-up helpers', () => {
  it('reads the word of a guest lookup answer', () => {
    expect(lookupWord({ result: 'exists', msg: T.loginIdExists })).toBe('exists');
    expect(lookupWord({ result: 'OK' })).toBe('ok');
    expect(lookupWord(null)).toBe('');
  });

  it('puts coded sign-up errors on their field with the §5 text, others go to an alert', () => {
    expect(signupErrorField({ status: 409, code: 'login_id_exists', message: '' })).toEqual({
      field: 'loginId',
      text: T.loginIdExists,
    });
    expect(signupErrorField({ status: 409, code: 'nickname_exists', message: '' })).toEqual({
      field: 'nickname',
      text: T.nicknameExists,
    });
    expect(signupErrorField({ status: 422, code: 'recommender_not_found', message: '' })).toEqual({
      field: 'recommendId',
      text: T.recommenderNotFound,
    });
    expect(signupErrorField({ status: 429, code: 'too_many_attempts', message: 'x' })).toBeNull();
  });

  it('is the partner variant only with both asp_code and userkey', () => {
    expect(partnerFromQuery('?asp_code=onion&userkey=u1')).toEqual({ aspCode: 'onion', userkey: 'u1' });
    expect(partnerFromQuery('?asp_code=onion')).toBeNull();
    expect(partnerFromQuery('?userkey=%20')).toBeNull();
  });

  it('turns the country list into sorted options, dropping malformed rows', () => {
    const rows = {
      countries: [
        { phoneCode: '82', countryName: '대한민국' },
        { phoneCode: '+1', countryName: '미국' },
        { phoneCode: 'x', countryName: 'bad' },
        { phoneCode: '33', countryName: '' },
      ],
    };
    expect(toOptions(rows, 'ko')).toEqual(
      [
        { phoneCode: '1', name: '미국' },
        { phoneCode: '82', name: '대한민국' },
      ].sort((a, b) => a.name.localeCompare(b.name, 'ko')),
    );
  });
});
