import { useId } from 'react';
import { BIRTH_YEAR_SPAN_YEARS } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { FormMessage } from '../ui/FormMessage.tsx';

export interface Birthday {
  year: string;
  month: string;
  day: string;
}

/** `yyyy-MM-dd` for the sign-up payload, or '' until all three are chosen. */
export function birthdayValue(b: Birthday): string {
  if (!b.year || !b.month || !b.day) return '';
  return `${b.year}-${b.month.padStart(2, '0')}-${b.day.padStart(2, '0')}`;
}

/** SPEC §2: the last 100 years, newest first: last year down to 100 years back (no one is born to sign up this year). */
function birthYears(now: Date = new Date()): number[] {
  const y = now.getFullYear();
  return Array.from({ length: BIRTH_YEAR_SPAN_YEARS }, (_, i) => y - 1 - i);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function Select({
  label,
  value,
  onChange,
  options,
  invalid,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: number[];
  invalid: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div className="auth-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <option value="">-</option>
        {options.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Props {
  locale: Locale;
  birthday: Birthday;
  onBirthday: (b: Birthday) => void;
  gender: string;
  onGender: (g: string) => void;
  birthdayError?: string | null;
  genderError?: string | null;
}

/** Birthday selects (year, month 1-12, day 1-31) and gender M / F of the foreigner form. */
export function BirthdayGenderFields({
  locale,
  birthday,
  onBirthday,
  gender,
  onGender,
  birthdayError,
  genderError,
}: Props) {
  const o = { locale };
  const id = useId();
  return (
    <>
      <fieldset className="auth-fieldset">
        <legend>{m.auth_field_birthday({}, o)}</legend>
        <div className="auth-row">
          <Select
            label={m.auth_field_year({}, o)}
            value={birthday.year}
            onChange={(year) => onBirthday({ ...birthday, year })}
            options={birthYears()}
            invalid={Boolean(birthdayError)}
            describedBy={birthdayError ? `${id}-b` : undefined}
          />
          <Select
            label={m.auth_field_month({}, o)}
            value={birthday.month}
            onChange={(month) => onBirthday({ ...birthday, month })}
            options={range(12)}
            invalid={Boolean(birthdayError)}
            describedBy={birthdayError ? `${id}-b` : undefined}
          />
          <Select
            label={m.auth_field_day({}, o)}
            value={birthday.day}
            onChange={(day) => onBirthday({ ...birthday, day })}
            options={range(31)}
            invalid={Boolean(birthdayError)}
            describedBy={birthdayError ? `${id}-b` : undefined}
          />
        </div>
        <FormMessage id={`${id}-b`} className="auth-error" live>
          {birthdayError}
        </FormMessage>
      </fieldset>
      <fieldset className="auth-fieldset" aria-describedby={genderError ? `${id}-g` : undefined}>
        <legend>{m.auth_field_gender({}, o)}</legend>
        <div className="auth-radio">
          {(['M', 'F'] as const).map((g) => (
            <span className="auth-check" key={g}>
              <input
                id={`${id}-${g}`}
                type="radio"
                name={`${id}-gender`}
                value={g}
                checked={gender === g}
                onChange={() => onGender(g)}
                aria-invalid={genderError ? true : undefined}
              />
              <label htmlFor={`${id}-${g}`}>{g === 'M' ? m.auth_gender_m({}, o) : m.auth_gender_f({}, o)}</label>
            </span>
          ))}
        </div>
        <FormMessage id={`${id}-g`} className="auth-error" live>
          {genderError}
        </FormMessage>
      </fieldset>
    </>
  );
}
