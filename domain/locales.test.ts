import { expect, it } from 'vitest';
import { parseLocale, resourceOnlyLocaleOf, UnsupportedLocaleError } from './locales.ts';

it('accepts ko and en only', () => {
  expect(parseLocale('ko')).toBe('ko');
  expect(parseLocale('en')).toBe('en');
  for (const bad of ['ja', 'zh', 'KO', 'en-US', '', 'ko;x=1'])
    expect(() => parseLocale(bad)).toThrow(UnsupportedLocaleError);
});

it('names the resource-only locale of a browser language, and nothing for ko, en or others', () => {
  expect(resourceOnlyLocaleOf('ja')).toBe('ja');
  expect(resourceOnlyLocaleOf('ja-JP')).toBe('ja');
  expect(resourceOnlyLocaleOf('ZH-Hans-CN')).toBe('zh');
  expect(resourceOnlyLocaleOf('zh-TW')).toBe('zh');
  for (const other of ['ko', 'ko-KR', 'en-US', 'jav', 'fr', '', null, undefined])
    expect(resourceOnlyLocaleOf(other)).toBeNull();
});
