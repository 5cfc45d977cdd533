import { describe, expect, it } from 'vitest';
import { agreementLevel, allChecked, NO_AGREEMENT, setAll } from './agreement.ts';

describe('agreement level (SPEC §4)', () => {
  it('is none until both required boxes are checked', () => {
    expect(agreementLevel(NO_AGREEMENT)).toBe('none');
    expect(agreementLevel({ terms: true, privacy: false, marketing: true })).toBe('none');
    expect(agreementLevel({ terms: false, privacy: true, marketing: true })).toBe('none');
  });
  it('is essential with the two required ones and full with all three', () => {
    expect(agreementLevel({ terms: true, privacy: true, marketing: false })).toBe('essential');
    expect(agreementLevel({ terms: true, privacy: true, marketing: true })).toBe('full');
  });
  it('all-agree toggles the three together', () => {
    expect(setAll(true)).toEqual({ terms: true, privacy: true, marketing: true });
    expect(allChecked(setAll(true))).toBe(true);
    expect(setAll(false)).toEqual(NO_AGREEMENT);
    expect(allChecked({ terms: true, privacy: true, marketing: false })).toBe(false);
  });
});
