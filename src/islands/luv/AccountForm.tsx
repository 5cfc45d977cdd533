import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { BANK_ACCOUNT_DIGITS_MAX, BANK_HOLDER_NAME_LENGTH_MAX, PAYOUT_PHONE_DIGITS_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { verifyIdentityThen } from '../../stores/identity-popup.ts';
import { $payoutAccount, $savedPayoutAccount, loadBanks, savePayoutAccount } from '../../stores/luv-withdraw.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

// Numbers may be typed with the hyphens a bank or a phone prints between groups (the API drops them).
const SEPARATORS_MAX = 4;

/** The payout bank account (SPEC §3 account change); identity verification comes first. */
export function AccountForm({ locale, verified }: { locale: Locale; verified: boolean }) {
  const o = { locale };
  const { banks, saved, failure } = useStore($payoutAccount);
  const onFile = useStore($savedPayoutAccount);
  const [form, setForm] = useState({ phone: '', bankCode: '', bankHolderName: '', bankAccount: '' });
  const edited = useRef(false);
  useEffect(() => void loadBanks(), []);
  // The bank and holder on file, else the first bank once the list is in; never over what the member typed or chose.
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
  const bankName = (code: string) => {
    const bank = banks.find((b) => b.bankCode === code);
    return bank ? (locale === 'ko' ? bank.name : bank.nameEn) : code;
  };
  const done = saved === null ? '' : m.luv_account_saved({ account: saved }, o);
  const error = failure ? failureText(failure, locale) : '';
  if (!verified) {
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
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    edited.current = true;
    setForm({ ...form, [k]: e.target.value });
  };
  function save(e: React.FormEvent) {
    e.preventDefault();
    void savePayoutAccount(form);
  }
  return (
    <form className="luv-card luv-form" onSubmit={save} aria-labelledby="luv-account-title">
      <h2 id="luv-account-title">{m.luv_account_title({}, o)}</h2>
      {onFile && (
        <p data-testid="payout-account">
          {m.luv_account_current({ bank: bankName(onFile.bankCode), account: onFile.maskedAccount, holder: onFile.bankHolderName }, o)}
        </p>
      )}
      <label>
        {m.luv_account_bank({}, o)}
        <select value={form.bankCode} onChange={set('bankCode')}>
          {banks.map((b) => (
            <option key={b.bankCode} value={b.bankCode}>
              {locale === 'ko' ? b.name : b.nameEn}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.luv_account_holder({}, o)}
        <input type="text" value={form.bankHolderName} onChange={set('bankHolderName')} maxLength={BANK_HOLDER_NAME_LENGTH_MAX} autoComplete="name" />
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
