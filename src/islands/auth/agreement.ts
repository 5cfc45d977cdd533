/** SPEC §4 "Agreement": the state of the three boxes and the level they add up to. */
export interface Agreement {
  terms: boolean;
  privacy: boolean;
  marketing: boolean;
}

export type AgreementLevel = 'none' | 'essential' | 'full';

export const NO_AGREEMENT: Agreement = { terms: false, privacy: false, marketing: false };

/** First two boxes (required) make essential agreement, all three full, anything else none. */
export function agreementLevel(a: Agreement): AgreementLevel {
  if (!a.terms || !a.privacy) return 'none';
  return a.marketing ? 'full' : 'essential';
}

/** All-agree sets the three boxes together. */
export function setAll(checked: boolean): Agreement {
  return { terms: checked, privacy: checked, marketing: checked };
}

export function allChecked(a: Agreement): boolean {
  return a.terms && a.privacy && a.marketing;
}
