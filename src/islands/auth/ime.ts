/**
 * Hangul (and every other IME) composition guard. While a syllable is being composed, Enter
 * commits the composition; Chrome reports that keydown with `isComposing` (and the legacy
 * keyCode 229 in older webviews). Such an Enter must neither submit nor, after the commit,
 * submit a second time.
 */
interface KeyLike {
  key: string;
  keyCode?: number;
  nativeEvent?: { isComposing?: boolean; keyCode?: number };
  isComposing?: boolean;
}

function isComposingKey(e: KeyLike): boolean {
  const native = e.nativeEvent ?? e;
  return Boolean(native.isComposing) || native.keyCode === 229 || e.keyCode === 229;
}

/** True for an Enter that belongs to an IME composition. */
export function isImeEnter(e: KeyLike): boolean {
  return (e.key === 'Enter' || e.key === 'Process' || e.keyCode === 229) && isComposingKey(e);
}

/** SPEC §5: whitespace is stripped from every text input. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}

/** SPEC §5: phone numbers and codes are digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}
