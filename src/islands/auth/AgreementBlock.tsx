import { useId, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { allChecked, setAll, type Agreement } from './agreement.ts';
import { LazyPolicyDialog } from './lazy-parts.tsx';
import type { PolicyDoc } from '../../stores/auth-policy.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

interface Props {
  locale: Locale;
  value: Agreement;
  onChange: (next: Agreement) => void;
  error?: string | null;
}

const BOXES = [
  { key: 'terms', label: m.auth_agree_terms, doc: m.auth_agree_terms_doc, required: true },
  { key: 'privacy', label: m.auth_agree_privacy, doc: m.auth_agree_privacy_doc, required: true },
  { key: 'marketing', label: m.auth_agree_marketing, doc: m.auth_agree_marketing_doc, required: false },
] as const;

/**
 * SPEC §2 "Agreement block": terms, privacy, marketing and all-agree, each box named after its
 * document; a view button per document opens its text in a modal.
 */
export default function AgreementBlock({ locale, value, onChange, error }: Props) {
  const id = useId();
  const [open, setOpen] = useState<PolicyDoc | null>(null);
  const o = { locale };
  return (
    <fieldset className="auth-agreement" aria-describedby={error ? `${id}-err` : undefined}>
      <legend>{m.auth_agree_legend({}, o)}</legend>
      <div className="auth-check auth-check-all">
        <input
          id={`${id}-all`}
          type="checkbox"
          checked={allChecked(value)}
          onChange={(e) => onChange(setAll(e.target.checked))}
        />
        <label htmlFor={`${id}-all`}>{m.auth_agree_all({}, o)}</label>
      </div>
      {BOXES.map((box) => (
        <div className="auth-check" key={box.key}>
          <input
            id={`${id}-${box.key}`}
            type="checkbox"
            checked={value[box.key]}
            aria-describedby={`${id}-${box.key}-req`}
            onChange={(e) => onChange({ ...value, [box.key]: e.target.checked })}
          />
          <label htmlFor={`${id}-${box.key}`}>{box.label({}, o)}</label>
          <span id={`${id}-${box.key}-req`} className="auth-req">
            {`(${box.required ? m.auth_agree_required({}, o) : m.auth_agree_optional({}, o)})`}
          </span>
          <button type="button" className="auth-link-button" onClick={() => setOpen(box.key)}>
            {m.auth_agree_view({ document: box.doc({}, o) }, o)}
          </button>
        </div>
      ))}
      <FormMessage id={`${id}-err`} className="auth-error" live>
        {error}
      </FormMessage>
      {open && <LazyPolicyDialog locale={locale} doc={open} onClose={() => setOpen(null)} />}
    </fieldset>
  );
}
