import { describe, expect, it } from 'vitest';
import { messageSendBody } from '../../domain/schemas/messages.ts';
import { m } from '../paraglide/messages.js';
import { failureText } from './error-text.ts';
import { checkInput, INVALID_INPUT } from './form-input.ts';

describe('a form input checked with the API’s schema', () => {
  it('answers the parsed value, or a refusal shaped like the API’s', () => {
    expect(checkInput(messageSendBody, { loginId: ' viewer02 ', content: ' hi ' })).toEqual({
      ok: true,
      value: { loginId: 'viewer02', content: 'hi' },
    });
    expect(checkInput(messageSendBody, { loginId: 'viewer02', content: ' ' })).toEqual({
      ok: false,
      failure: INVALID_INPUT,
    });
  });

  it('a refusal made here reads "check your input"; one without a text from the API, "try again"', () => {
    expect(failureText(INVALID_INPUT, 'en')).toBe(m.my_error_validation({}, { locale: 'en' }));
    expect(failureText({ status: 0, code: 'network', message: '' }, 'ko')).toBe(
      m.shell_request_failed({}, { locale: 'ko' }),
    );
    expect(failureText({ ...INVALID_INPUT, message: 'API text' }, 'ko')).toBe('API text');
    expect(failureText(INVALID_INPUT, 'ko', 'own words')).toBe('own words');
  });
});
