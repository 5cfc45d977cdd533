import { describe, expect, it } from 'vitest';
import { digitsOnly, isImeEnter, stripWhitespace } from './ime.ts';

describe('IME guard', () => {
  it('treats an Enter during composition as part of the IME', () => {
    expect(isImeEnter({ key: 'Enter', nativeEvent: { isComposing: true } })).toBe(true);
    expect(isImeEnter({ key: 'Process', keyCode: 229 })).toBe(true);
    expect(isImeEnter({ key: 'Enter', nativeEvent: { keyCode: 229 } })).toBe(true);
  });
  it('lets a plain Enter through', () => {
    expect(isImeEnter({ key: 'Enter', nativeEvent: { isComposing: false, keyCode: 13 } })).toBe(false);
    expect(isImeEnter({ key: 'a', nativeEvent: { isComposing: true } })).toBe(false);
  });
});

describe('input cleaning', () => {
  it('strips every kind of whitespace', () => {
    expect(stripWhitespace(' ab\u00a0c\td\n')).toBe('abcd');
    expect(stripWhitespace('한 글')).toBe('한글');
  });
  it('keeps digits only', () => {
    expect(digitsOnly('010-12 34a5')).toBe('0101234' + '5');
    expect(digitsOnly('１２３')).toBe('');
  });
});
