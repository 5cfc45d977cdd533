import { expect, it } from 'vitest';
import { parseLocale, UnsupportedLocaleError } from './locales.ts';

it('accepts ko and en only', () => {
  expect(parseLocale('ko')).toBe('ko');
  expect(parseLocale('en')).toBe('en');
  for (const bad of ['ja', 'zh', 'KO', 'en-US', '', 'ko;x=1']) expect(() => parseLocale(bad)).toThrow(UnsupportedLocaleError);
});
