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
  error?: string | null;
  /** A success note (e.g. the ID is free), announced like the error. */
  note?: string | null;
  hint?: string;
  /** Extra controls after the input, e.g. the send button of the phone field. */
  addon?: ReactNode;
}

/**
 * A labelled text input for the auth forms. Whitespace is stripped on every change (SPEC §5), and
 * an Enter that commits a Hangul composition is swallowed so it never submits the form.
 */
export function Field({ label, value, onValue, digits, error, note, hint, addon, onKeyDown, ...input }: FieldProps) {
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
            onValue(digits ? digitsOnly(raw) : stripWhitespace(raw));
          }}
          onCompositionEnd={(e) => {
            const raw = e.currentTarget.value;
            onValue(digits ? digitsOnly(raw) : stripWhitespace(raw));
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
