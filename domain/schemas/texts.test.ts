import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json' with { type: 'json' };
import ko from '../../messages/ko.json' with { type: 'json' };
import { FORM_TEXTS as T } from './texts.ts';

const EN = en as Record<string, string>;
const KO = ko as Record<string, string>;

describe('FORM_TEXTS are message keys with the SPEC §5 words', () => {
  it('names a message present in ko and en for every rule', () => {
    for (const key of Object.values(T)) {
      expect(typeof EN[key], key).toBe('string');
      expect(KO[key], key).toMatch(/[가-힣]/);
    }
  });

  it('keeps the English texts of §5 exactly', () => {
    expect(EN[T.loginIdEmpty]).toBe('Please check ID.');
    expect(EN[T.loginIdFormat]).toBe('ID (6~15 characters, alphanumeric)');
    expect(EN[T.loginIdExists]).toBe('ID that already exists.');
    expect(EN[T.passwordFormat]).toBe(
      'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
    );
    expect(EN[T.passwordEmpty]).toBe('Please check password.');
    expect(EN[T.passwordMismatch]).toBe('The password does not match.');
    expect(EN[T.nicknameExists]).toBe('Nickname that already exists.');
    expect(EN[T.nicknameEmpty]).toBe('Please check nickname.');
    expect(EN[T.birthdayEmpty]).toBe('Please check birthday.');
    expect(EN[T.nameEmpty]).toBe('Please check name.');
    expect(EN[T.genderEmpty]).toBe('Please check gender.');
    expect(EN[T.tryAgainLater]).toBe('try again later');
  });

  it('keeps the Korean texts §5 quotes exactly', () => {
    expect(KO[T.phoneVerificationRequired]).toBe('핸드폰 인증을 완료해주세요.');
    expect(KO[T.termsRequired]).toBe('필수약관에 동의해주셔야 합니다.');
    expect(KO[T.captchaIncomplete]).toBe('검증이 완료되지 않았습니다. 다시 시도하기');
  });
});
