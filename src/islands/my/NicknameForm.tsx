import { useState, type FormEvent } from 'react';
import { nicknameSchema } from '../../../domain/schemas/fields.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { saveNickname } from '../../stores/my-account.ts';
import { Field } from '../auth/Field.tsx';
import { fieldError } from '../auth/validate.ts';

/** Changes the member's nickname under the sign-up rule (SPEC §5); Hangul composition never submits early. */
export function NicknameForm({ current, locale }: { current: string; locale: Locale }) {
  const o = { locale };
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    const invalid = fieldError(nicknameSchema, value, locale);
    if (invalid) return setError(invalid);
    if (value === current) return setError(m.my_nickname_same({}, o));
    setBusy(true);
    const failure = await saveNickname(value);
    setBusy(false);
    setError(failure ? failureText(failure, locale) : null);
    if (!failure) setNote(m.my_nickname_saved({ nickname: value }, o));
  };
  return (
    <form className="my-form" onSubmit={submit} noValidate>
      <Field
        label={m.my_nickname_label({}, o)}
        name="nickname"
        autoComplete="nickname"
        value={value}
        onValue={(v) => {
          setValue(v);
          setError(null);
        }}
        error={error}
        note={note}
        hint={m.my_nickname_hint({}, o)}
      />
      <div className="my-actions">
        <button type="submit" className="flx-button flx-button--primary" disabled={busy} aria-busy={busy}>
          {m.my_nickname_save({}, o)}
        </button>
      </div>
    </form>
  );
}
