import { describe, expect, it } from 'vitest';
import { signupSchema } from '../../../domain/schemas/signup.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import en from '../../../messages/en.json' with { type: 'json' };
import ko from '../../../messages/ko.json' with { type: 'json' };
import { fieldErrors, localizeText } from './validate.ts';

const valid = {
  loginId: 'newuser01',
  password: 'abcd123!x',
  passwordConfirm: 'abcd123!x',
  nickname: '새친구',
  agreeTerms: true,
  agreePrivacy: true,
};

describe('form validation with the shared schemas', () => {
  it('accepts a valid domestic sign-up', () => {
    expect(fieldErrors(signupSchema, valid, 'en')).toEqual({});
  });
  it('gives every field its §5 text in en and Korean in ko', () => {
    const en = fieldErrors(signupSchema, { ...valid, loginId: '123456', password: 'short', nickname: '' }, 'en');
    expect(en.loginId).toBe('ID (6~15 characters, alphanumeric)');
    expect(en.password).toBe(
      'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
    );
    expect(en.nickname).toBe('Please check nickname.');
    const ko = fieldErrors(signupSchema, { ...valid, loginId: '' }, 'ko');
    expect(ko.loginId).toBe('아이디를 확인해주세요.');
  });
  it('puts cross-field rules on the field the user must fix', () => {
    const en = fieldErrors(signupSchema, { ...valid, passwordConfirm: 'other123!', agreePrivacy: false }, 'en');
    expect(en.passwordConfirm).toBe('The password does not match.');
    const ko = fieldErrors(signupSchema, { ...valid, agreePrivacy: false }, 'ko');
    expect(ko.agreement).toBe('필수약관에 동의해주셔야 합니다.');
  });
  it('shows every FORM_TEXTS key as its message in en and in ko', () => {
    for (const key of Object.values(FORM_TEXTS)) {
      expect(localizeText(key, 'en'), key).toBe((en as Record<string, string>)[key]);
      expect(localizeText(key, 'ko'), key).toBe((ko as Record<string, string>)[key]);
    }
  });
  it('shows a server text (already in the caller’s language) as it is', () => {
    expect(localizeText('아이디를 확인해주세요.', 'ko')).toBe('아이디를 확인해주세요.');
  });
});
