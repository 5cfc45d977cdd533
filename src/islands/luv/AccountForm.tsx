import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { luvApi } from './api.ts';
import { luvErrorText } from './errors.ts';

/** The payout bank account (SPEC §3 account change); identity verification comes first. */
export function AccountForm({ locale, verified }: { locale: Locale; verified: boolean }) {
  const o = { locale };
  const [banks, setBanks] = useState<{ bankCode: string; name: string; nameEn: string }[]>([]);
  const [form, setForm] = useState({ phone: '', bankCode: '', bankHolderName: '', bankAccount: '' });
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  useEffect(
    () =>
      void luvApi.banks().then(
        (b) => {
          setBanks(b.list);
          setForm((f) => ({ ...f, bankCode: b.list[0]?.bankCode ?? '' }));
        },
        () => {},
      ),
    [],
  );
  if (!verified) {
    return (
      <section className="luv-card" aria-labelledby="luv-account-title">
        <h2 id="luv-account-title">{m.luv_account_title({}, o)}</h2>
        <p>{m.luv_account_needs_pi({}, o)}</p>
        <a className="flx-button flx-button--small flx-button--primary" href="/my/personal-auth">
          {m.luv_account_verify({}, o)}
        </a>
      </section>
    );
  }
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [k]: e.target.value });
  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    setDone('');
    try {
      const r = await luvApi.accountChange({ ...form, phone: form.phone.replace(/\s+/g, ''), bankAccount: form.bankAccount.replace(/\s+/g, '') });
      setDone(m.luv_account_saved({ account: r.bankAccount }, o));
    } catch (err) {
      setError(luvErrorText(err, locale));
    }
  }
  return (
    <form className="luv-card luv-form" onSubmit={(e) => void save(e)} aria-labelledby="luv-account-title">
      <h2 id="luv-account-title">{m.luv_account_title({}, o)}</h2>
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
        <input type="text" value={form.bankHolderName} onChange={set('bankHolderName')} maxLength={30} autoComplete="name" />
      </label>
      <label>
        {m.luv_account_number({}, o)}
        <input type="text" inputMode="numeric" value={form.bankAccount} onChange={set('bankAccount')} maxLength={24} autoComplete="off" />
      </label>
      <label>
        {m.luv_account_phone({}, o)}
        <input type="tel" inputMode="numeric" value={form.phone} onChange={set('phone')} maxLength={13} autoComplete="tel" />
      </label>
      <button type="submit" className="flx-button">
        {m.luv_account_save({}, o)}
      </button>
      {done && (
        <p className="luv-ok" role="status">
          {done}
        </p>
      )}
      {error && (
        <p className="luv-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
