import { useStore } from '@nanostores/react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $dialog, closeDialog, openAuthDialog, reloadPage } from '../../stores/modals.ts';
import { Dialog } from './Dialog.tsx';

/** Alert, members-only and session-expired dialogs of SPEC §2, with their exact texts. */
export function GlobalDialogs({ locale }: { locale: Locale }) {
  const dialog = useStore($dialog);
  if (!dialog) return null;
  const o = { locale };
  switch (dialog.kind) {
    case 'alert':
      return (
        <Dialog role="alertdialog" labelledBy="flx-alert-title" describedBy="flx-alert-text" onCancel={closeDialog}>
          <h2 id="flx-alert-title" className="flx-dialog__title">
            {m.shell_alert_title({}, o)}
          </h2>
          <p id="flx-alert-text" className="flx-dialog__text">
            {dialog.text}
          </p>
          <div className="flx-dialog__actions">
            <button type="button" className="flx-button flx-button--primary" onClick={closeDialog} autoFocus>
              {m.shell_alert_confirm({}, o)}
            </button>
          </div>
        </Dialog>
      );
    case 'membersOnly':
      return (
        <Dialog
          labelledBy="flx-members-title"
          describedBy="flx-members-text"
          callbackURL={dialog.callbackURL}
          onCancel={closeDialog}
          onOverlayClick={closeDialog}
        >
          <h2 id="flx-members-title" className="flx-dialog__title">
            {m.shell_members_only_title({}, o)}
          </h2>
          <p id="flx-members-text" className="flx-dialog__text">
            {m.shell_members_only_text({}, o)}
          </p>
          <div className="flx-dialog__actions flx-dialog__actions--stacked">
            <button
              type="button"
              className="flx-button flx-button--primary"
              autoFocus
              onClick={() => openAuthDialog({ tab: 'signin', callbackURL: dialog.callbackURL })}
            >
              {m.shell_members_only_signin({}, o)}
            </button>
            <button
              type="button"
              className="flx-button"
              onClick={() => openAuthDialog({ tab: 'signup', callbackURL: dialog.callbackURL })}
            >
              {m.shell_members_only_signup({}, o)}
            </button>
          </div>
        </Dialog>
      );
    case 'sessionExpired':
      return (
        <Dialog
          role="alertdialog"
          labelledBy="flx-expired-title"
          describedBy="flx-expired-text"
          onCancel={reloadPage}
          onOverlayClick={reloadPage}
        >
          <h2 id="flx-expired-title" className="flx-dialog__title">
            {m.shell_alert_title({}, o)}
          </h2>
          <p id="flx-expired-text" className="flx-dialog__text">
            {m.shell_session_expired_text({}, o)}
          </p>
          <div className="flx-dialog__actions">
            <button type="button" className="flx-button" onClick={reloadPage}>
              {m.shell_session_expired_cancel({}, o)}
            </button>
            <button
              type="button"
              className="flx-button flx-button--primary"
              autoFocus
              onClick={() => openAuthDialog({ tab: 'signin' })}
            >
              {m.shell_session_expired_confirm({}, o)}
            </button>
          </div>
        </Dialog>
      );
  }
}
