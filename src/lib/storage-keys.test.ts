import { describe, expect, it } from 'vitest';
import { capturePartnerCode, PCODE_STORAGE_KEY, SESSION_KEYS, storedPartnerCode } from './storage-keys.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('pcode (SPEC §3, §4)', () => {
  it('keeps the partner code of a signed-out visitor as pcode', () => {
    const s = memoryStorage();
    expect(capturePartnerCode('?partnerCode=ONION01', false, s)).toBe('ONION01');
    expect(s.data.get(PCODE_STORAGE_KEY)).toBe('ONION01');
    expect(storedPartnerCode(s)).toBe('ONION01');
  });
  it('ignores it while someone is signed in', () => {
    const s = memoryStorage();
    expect(capturePartnerCode('?partnerCode=ONION01', true, s)).toBeNull();
  });
  it('refuses values that are not a plain code', () => {
    const s = memoryStorage();
    expect(capturePartnerCode('?partnerCode=a%3Bb', false, s)).toBeNull();
    expect(capturePartnerCode(`?partnerCode=${'x'.repeat(65)}`, false, s)).toBeNull();
  });
  it('names the session storage keys of SPEC §9', () => {
    expect(Object.keys(SESSION_KEYS).sort()).toEqual(['initFlag', 'scrollTop', 'stateCode']);
  });
});
