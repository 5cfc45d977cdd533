import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { loadPolicyText, POLICY_PAGE, type PolicyDoc } from '../../stores/auth-policy.ts';

interface Props {
  locale: Locale;
  doc: PolicyDoc | null;
  onClose: () => void;
}

const TITLE = {
  terms: m.auth_agree_terms_doc,
  privacy: m.auth_agree_privacy_doc,
  marketing: m.auth_agree_marketing_doc,
} as const;

/** The policy text in a native modal dialog: focus moves in, Escape closes, focus returns. */
export default function PolicyDialog({ locale, doc, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (doc && !dialog.open) dialog.showModal();
    if (!doc && dialog.open) dialog.close();
    if (!doc) return;
    if (doc === 'marketing') return setText(m.auth_agree_marketing_text({}, { locale }));
    setText(null);
    let live = true;
    loadPolicyText(doc).then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [doc, locale]);

  const titleId = 'auth-policy-title';
  const href = doc && doc !== 'marketing' ? POLICY_PAGE[doc] : null;
  return (
    <dialog ref={ref} className="auth-policy" aria-labelledby={titleId} onClose={onClose}>
      {doc && (
        <>
          <h2 id={titleId}>{TITLE[doc]({}, { locale })}</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it (axe scrollable-region-focusable) */}
          <div className="auth-policy-text" tabIndex={0}>
            {text ?? m.auth_policy_loading({}, { locale })}
          </div>
          {href && (
            <p>
              <a href={href} target="_blank" rel="noopener">
                {m.auth_agree_open_page({}, { locale })}
              </a>
            </p>
          )}
          <form method="dialog">
            <button type="submit">{m.auth_policy_close({}, { locale })}</button>
          </form>
        </>
      )}
    </dialog>
  );
}
