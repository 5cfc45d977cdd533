import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  BANK_ACCOUNT_DIGITS_MAX,
  BANK_HOLDER_NAME_LENGTH_MAX,
  PAYOUT_PHONE_DIGITS_MAX,
} from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { verifyIdentityThen } from '../../stores/identity-popup.ts';
import {
  $payoutAccount,
  $savedPayoutAccount,
  loadBanks,
  savePayoutAccount,
  type AccountInput,
  type PayoutAccountState,
  type SavedPayoutAccount,
} from '../../stores/luv-withdraw.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

// Numbers may be typed with the hyphens a bank or a phone prints between groups (the API drops them).
const SEPARATORS_MAX = 4;

type Bank = PayoutAccountState['banks'][number];

const bankLabel = (bank: Bank, locale: Locale) => (locale === 'ko' ? bank.name : bank.nameEn);

/**
 * Loads the bank list, and holds the form's values: the bank and holder on file, else the first bank
 * once the list is in; never over what the member typed or chose.
 */
function useAccountDraft(banks: Bank[], onFile: SavedPayoutAccount | null) {
  useEffect(() => void loadBanks(), []);
  const [form, setForm] = useState<AccountInput>({ phone: '', bankCode: '', bankHolderName: '', bankAccount: '' });
  const edited = useRef(false);
  useEffect(() => {
    setForm((f) => {
      const mine = edited.current;
      return {
        ...f,
        bankCode: mine && f.bankCode ? f.bankCode : (onFile?.bankCode ?? (f.bankCode || banks[0]?.bankCode || '')),
        bankHolderName: mine && f.bankHolderName ? f.bankHolderName : (onFile?.bankHolderName ?? f.bankHolderName),
      };
    });
  }, [banks, onFile]);
  const set = (k: keyof AccountInput) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    edited.current = true;
    setForm({ ...form, [k]: e.target.value });
  };
  return { form, set };
}

/** The account on file, its number masked. */
function OnFileLine({ onFile, banks, locale }: { onFile: SavedPayoutAccount; banks: Bank[]; locale: Locale }) {
  const bank = banks.find((b) => b.bankCode === onFile.bankCode);
  const bankName = bank ? bankLabel(bank, locale) : onFile.bankCode;
  const values = { bank: bankName, account: onFile.maskedAccount, holder: onFile.bankHolderName };
  return <p data-testid="payout-account">{m.luv_account_current(values, { locale })}</p>;
}

/** Before identity verification there is no form, only the way to verify. */
function VerifyFirst({ locale }: { locale: Locale }) {
  const o = { locale };
  return (
    <section className="luv-card" aria-labelledby="luv-account-title">
      <h2 id="luv-account-title">{m.luv_account_title({}, o)}</h2>
      <p>{m.luv_account_needs_pi({}, o)}</p>
      <a
        className="flx-button flx-button--small flx-button--primary"
        href={PAGE.personalAuth}
        onClick={(event) => {
          // Verified in a popup, the form shows in place (the profile is read again with PI).
          event.preventDefault();
          void verifyIdentityThen(() => undefined);
        }}
      >
        {m.luv_account_verify({}, o)}
      </a>
    </section>
  );
}

/** The payout bank account (SPEC §3 account change); identity verification comes first. */
export function AccountForm({ locale, verified }: { locale: Locale; verified: boolean }) {
  const o = { locale };
  const { banks, saved, failure } = useStore($payoutAccount);
  const onFile = useStore($savedPayoutAccount);
  const { form, set } = useAccountDraft(banks, onFile);
  const done = saved === null ? '' : m.luv_account_saved({ account: saved }, o);
  const error = failure ? failureText(failure, locale) : '';
  if (!verified) return <VerifyFirst locale={locale} />;
  function save(e: FormEvent) {
    e.preventDefault();
    void savePayoutAccount(form);
  }
  return (
    <form className="luv-card luv-form" onSubmit={save} aria-labelledby="luv-account-title">
      <h2 id="luv-account-title">{m.luv_account_title({}, o)}</h2>
      {onFile && <OnFileLine onFile={onFile} banks={banks} locale={locale} />}
      <label>
        {m.luv_account_bank({}, o)}
        <select value={form.bankCode} onChange={set('bankCode')}>
          {banks.map((b) => (
            <option key={b.bankCode} value={b.bankCode}>
              {bankLabel(b, locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.luv_account_holder({}, o)}
        <input
          type="text"
          value={form.bankHolderName}
          onChange={set('bankHolderName')}
          maxLength={BANK_HOLDER_NAME_LENGTH_MAX}
          autoComplete="name"
        />
      </label>
      <label>
        {m.luv_account_number({}, o)}
        <input
          type="text"
          inputMode="numeric"
          value={form.bankAccount}
          onChange={set('bankAccount')}
          maxLength={BANK_ACCOUNT_DIGITS_MAX + SEPARATORS_MAX}
          autoComplete="off"
        />
      </label>
      <label>
        {m.luv_account_phone({}, o)}
        <input
          type="tel"
          inputMode="numeric"
          value={form.phone}
          onChange={set('phone')}
          maxLength={PAYOUT_PHONE_DIGITS_MAX + SEPARATORS_MAX}
          autoComplete="tel"
        />
      </label>
      {/* Until the bank list is in and a bank is set, there is nothing valid to save. */}
      <button type="submit" className="flx-button" disabled={!form.bankCode}>
        {m.luv_account_save({}, o)}
      </button>
      {done && (
        <p className="luv-ok" role="status">
          {done}
        </p>
      )}
      <FormMessage className="luv-error">{error}</FormMessage>
    </form>
  );
}
