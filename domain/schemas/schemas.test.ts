import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  foreignerSignupSchema,
  loginIdSchema,
  nicknameSchema,
  passwordSchema,
  phoneSchema,
  signupSchema,
} from './index.ts';
import { FORM_TEXTS as T } from './texts.ts';

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? null : r.issues[0]?.message;
};

describe('field rules carry the SPEC §5 texts', () => {
  it.each([
    ['', T.loginIdEmpty],
    ['abc12', T.loginIdFormat],
    ['abcdefghijklmnop', T.loginIdFormat],
    ['12345678', T.loginIdFormat],
    ['Abc12345', T.loginIdFormat],
    ['abc_1234', T.loginIdFormat],
    ['viewer01', null],
    [' view er01 ', null],
  ])('login ID %j → %s', (input, message) => expect(firstMessage(loginIdSchema, input)).toBe(message));

  it.each([
    ['', T.passwordEmpty],
    ['abc12!', T.passwordFormat],
    ['abcdefgh1', T.passwordFormat],
    ['abcdefgh!', T.passwordFormat],
    ['12345678!', T.passwordFormat],
    ['abcd1234!abcd1234', T.passwordFormat],
    ['비밀번호abc12!', T.passwordFormat],
    ['qwer1234!', T.passwordFormat],
    ['demo1234!', null],
    ['Zx9$abcd', null],
  ])('password %j → %s', (input, message) => expect(firstMessage(passwordSchema, input)).toBe(message));

  it.each([
    ['', T.nicknameEmpty],
    ['가', T.nicknameFormat],
    ['가나다라마바사아자차카', T.nicknameFormat],
    ['<script>', T.nicknameFormat],
    ['닉네임 1', null],
    ['Nick~`!@#', null],
    ['\u200bab', T.nicknameFormat],
  ])('nickname %j → %s', (input, message) => expect(firstMessage(nicknameSchema, input)).toBe(message));

  it('strips whitespace from text inputs', () => {
    expect(v.parse(loginIdSchema, ' viewer 01\t')).toBe('viewer01');
    expect(v.parse(phoneSchema, '010 1234 5678')).toBe('01012345678');
  });

  it('phone numbers are digits only', () => {
    expect(firstMessage(phoneSchema, '')).toBe(T.phoneEmpty);
    expect(firstMessage(phoneSchema, '010-1234')).toBe(T.phoneFormat);
  });
});

describe('sign-up', () => {
  const ok = {
    loginId: 'newuser01',
    password: 'abcd123$',
    passwordConfirm: 'abcd123$',
    nickname: '새회원',
    agreeTerms: true,
    agreePrivacy: true,
  };
  it('accepts a complete domestic form', () => expect(firstMessage(signupSchema, ok)).toBeNull());
  it('requires the required terms', () =>
    expect(firstMessage(signupSchema, { ...ok, agreePrivacy: false })).toBe(T.termsRequired));
  it('requires matching confirmation', () =>
    expect(firstMessage(signupSchema, { ...ok, passwordConfirm: 'other123$' })).toBe(T.passwordMismatch));
  it('foreigner form needs name, birthday, gender and the phone token', () => {
    const base = {
      ...ok,
      name: 'John Smith',
      birthday: '1990-02-03',
      gender: 'M',
      countryCode: '1',
      phone: '2025550123',
      phoneVerificationToken: 'x'.repeat(40),
    };
    expect(firstMessage(foreignerSignupSchema, base)).toBeNull();
    expect(firstMessage(foreignerSignupSchema, { ...base, name: ' ' })).toBe(T.nameEmpty);
    // A name keeps its inner spaces; only its ends are trimmed.
    expect(v.parse(foreignerSignupSchema, { ...base, name: '  John Walker ' }).name).toBe('John Walker');
    // Birth years reach back 100 years (the form's last year), not further.
    const oldest = new Date().getUTCFullYear() - 100;
    expect(firstMessage(foreignerSignupSchema, { ...base, birthday: `${oldest}-01-01` })).toBeNull();
    expect(firstMessage(foreignerSignupSchema, { ...base, birthday: `${oldest - 1}-12-31` })).toBe(T.birthdayEmpty);
    expect(firstMessage(foreignerSignupSchema, { ...base, birthday: '1990-02-30' })).toBe(T.birthdayEmpty);
    expect(firstMessage(foreignerSignupSchema, { ...base, gender: 'X' })).toBe(T.genderEmpty);
    expect(firstMessage(foreignerSignupSchema, { ...base, phoneVerificationToken: undefined })).toBe(
      T.phoneVerificationRequired,
    );
  });
});
