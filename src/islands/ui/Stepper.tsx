import { Minus, Plus } from 'lucide';
import { useId, type InputHTMLAttributes } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from './Icon.tsx';
import { canStep, stepValue } from './stepper-value.ts';

interface Props {
  locale: Locale;
  /** The field's visible label (also names its − and + buttons). */
  label: string;
  value: string;
  min: number;
  max: number;
  onChange(value: string): void;
  /** More for the number field (aria-invalid, aria-describedby …). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max' | 'id'>;
  className?: string;
}

/**
 * A number box with − and + (design system, issue #39) instead of the browser's tiny spin arrows:
 * 44 px targets on a phone, the field still typed into (a spinbutton named by its label).
 */
export function Stepper({ locale, label, value, min, max, onChange, inputProps, className }: Props) {
  const id = useId();
  const o = { locale };
  return (
    <div className={`flx-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="flx-stepper">
        <button
          type="button"
          aria-label={m.ui_stepper_less({ label }, o)}
          disabled={!canStep(value, -1, min, max)}
          onClick={() => onChange(stepValue(value, -1, min, max))}
        >
          <Icon node={Minus} />
        </button>
        <input
          {...inputProps}
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\s+/g, ''))}
        />
        <button
          type="button"
          aria-label={m.ui_stepper_more({ label }, o)}
          disabled={!canStep(value, 1, min, max)}
          onClick={() => onChange(stepValue(value, 1, min, max))}
        >
          <Icon node={Plus} />
        </button>
      </div>
    </div>
  );
}
