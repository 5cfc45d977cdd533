import { describe, expect, it } from 'vitest';
import { signupSchema } from '../../../domain/schemas/signup.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import { fieldErrors, localizeText } from './validate.ts';

const valid = { loginId: 'newuser01', password: 'abcd123!x', passwordConfirm: 'abcd123!x', nickname: '새친구', agreeTerms: true, agreePrivacy: true };

describe('form validation with the shared schemas', () => {
  it('accepts a valid domestic sign-up', () => {
    expect(fieldErrors(signupSchema, valid, 'en')).toEqual({});
  });
  it('gives every field its §5 text in en and Korean in ko', () => {
    const en = fieldErrors(signupSchema, { ...valid, loginId: '123456', password: 'short', nickname: '' }, 'en');
    expect(en.loginId).toBe('ID (6~15 characters, alphanumeric)');
    expect(en.password).toBe('Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).');
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
  it('shows every English §5 text exactly in en and a Korean text in ko', () => {
    for (const text of Object.values(FORM_TEXTS)) {
      if (text === FORM_TEXTS.deviceFormat) continue;
      const korean = /[가-힣]/.test(text);
      if (korean) expect(localizeText(text, 'ko')).toBe(text);
      else {
        expect(localizeText(text, 'en')).toBe(text);
        expect(localizeText(text, 'ko')).toMatch(/[가-힣]/);
      }
    }
  });
});
