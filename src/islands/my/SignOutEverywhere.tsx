import { useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { signOutEverywhere } from '../../stores/my-account.ts';
import { Dialog } from '../modals/Dialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

/** "Sign out on every device": asks first, then ends every session of the account and leaves for the home page. */
export function SignOutEverywhere({ loginId, locale }: { loginId: string; locale: Locale }) {
  const o = { locale };
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirm = async () => {
    setBusy(true);
    setError('');
    const failure = await signOutEverywhere(loginId);
    setBusy(false);
    if (failure) return setError(failureText(failure, locale));
    window.location.assign(PAGE.home);
  };
  return (
    <div>
      <p className="my-muted">{m.my_expire_hint({}, o)}</p>
      <div className="my-actions">
        <button type="button" className="flx-button" onClick={() => setOpen(true)}>
          {m.my_expire_button({}, o)}
        </button>
      </div>
      {open && (
        <Dialog
          role="alertdialog"
          labelledBy="my-expire-title"
          describedBy="my-expire-text"
          onCancel={() => setOpen(false)}
        >
          <h2 id="my-expire-title" className="flx-dialog__title">
            {m.my_expire_button({}, o)}
          </h2>
          <p id="my-expire-text" className="flx-dialog__text">
            {m.my_expire_confirm({}, o)}
          </p>
          <FormMessage className="my-error">{error}</FormMessage>
          <div className="flx-dialog__actions">
            <button type="button" className="flx-button" onClick={() => setOpen(false)}>
              {m.my_expire_cancel({}, o)}
            </button>
            <button
              type="button"
              className="flx-button flx-button--primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void confirm()}
            >
              {m.my_expire_ok({}, o)}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
