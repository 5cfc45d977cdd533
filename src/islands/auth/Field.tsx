import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './auth.css';
import { digitsOnly, isImeEnter, stripWhitespace } from './ime.ts';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export interface FieldProps extends NativeProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Phone numbers and codes: anything but 0-9 is dropped as it is typed (SPEC §5). */
  digits?: boolean;
  /** A person's name: the spaces inside it are kept ("John Walker"), only its ends are trimmed, when the field is left. */
  keepSpaces?: boolean;
  error?: string | null;
  /** A success note (e.g. the ID is free), announced like the error. */
  note?: string | null;
  hint?: string;
  /** Extra controls after the input, e.g. the send button of the phone field. */
  addon?: ReactNode;
}

/**
 * A labelled text input for the auth forms. Whitespace is stripped on every change (SPEC §5; a name keeps its inner
 * spaces and loses only those at its ends), and
 * an Enter that commits a Hangul composition is swallowed so it never submits the form.
 */
export function Field({
  label,
  value,
  onValue,
  digits,
  keepSpaces,
  error,
  note,
  hint,
  addon,
  onKeyDown,
  onBlur,
  ...input
}: FieldProps) {
  const clean = (raw: string) => (digits ? digitsOnly(raw) : keepSpaces ? raw.trimStart() : stripWhitespace(raw));
  const id = useId();
  const msgId = `${id}-msg`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error || note ? msgId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-field-row">
        <input
          id={id}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
          onChange={(e) => {
            // Mid-composition the value is the IME's business; cleaning it would break the syllable.
            const raw = e.target.value;
            if ((e.nativeEvent as InputEvent).isComposing) return onValue(raw);
            onValue(clean(raw));
          }}
          onCompositionEnd={(e) => {
            onValue(clean(e.currentTarget.value));
          }}
          onBlur={(e) => {
            if (keepSpaces && e.currentTarget.value !== e.currentTarget.value.trim())
              onValue(e.currentTarget.value.trim());
            onBlur?.(e);
          }}
          onKeyDown={(e) => {
            if (isImeEnter(e)) {
              e.preventDefault();
              return;
            }
            onKeyDown?.(e);
          }}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      )}
      <p
        id={msgId}
        className={`auth-msg ${error ? 'auth-error' : 'auth-note'}`}
        role={error ? 'alert' : undefined}
        aria-live="polite"
      >
        {error || note || ''}
      </p>
    </div>
  );
}
