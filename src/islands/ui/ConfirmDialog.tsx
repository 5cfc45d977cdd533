import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../modals/Dialog.tsx';

export interface ConfirmOptions {
  /** The confirming button's words (default 확인 / OK): say what happens, e.g. 종료. */
  confirmLabel?: string;
  /** The action destroys or ends something: the confirming button is drawn as a danger. */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  text: string;
  settle(yes: boolean): void;
}

/**
 * Settles a pending question once: a second answer (Escape after a click, a re-render) is ignored.
 * Exported for its unit test.
 */
export function onceAnswer(settle: (yes: boolean) => void): (yes: boolean) => void {
  let done = false;
  return (yes) => {
    if (done) return;
    done = true;
    settle(yes);
  };
}

/**
 * Our confirm dialog instead of the browser's `confirm()`: an alertdialog named by its question,
 * with 취소 (focused first: the safe answer) and the confirming button. Escape answers no.
 *
 *   const confirm = useConfirm(locale);
 *   … if (await confirm.ask(question, { danger: true })) doIt();
 *   return <>… {confirm.dialog}</>;
 */
export function useConfirm(locale: Locale): {
  ask(text: string, options?: ConfirmOptions): Promise<boolean>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const ask = useCallback(
    (text: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        current.current?.settle(false);
        const next: Pending = {
          ...options,
          text,
          settle: onceAnswer((yes) => {
            if (current.current === next) current.current = null;
            setPending((p) => (p === next ? null : p));
            resolve(yes);
          }),
        };
        current.current = next;
        setPending(next);
      }),
    [],
  );
  // An island that goes away with a question open answers it no.
  useEffect(() => () => current.current?.settle(false), []);
  return {
    ask,
    dialog: pending ? <ConfirmDialog locale={locale} {...pending} onAnswer={pending.settle} /> : null,
  };
}

export function ConfirmDialog({
  locale,
  text,
  confirmLabel,
  danger,
  onAnswer,
}: ConfirmOptions & { locale: Locale; text: string; onAnswer(yes: boolean): void }) {
  const o = { locale };
  const id = useId();
  return (
    <Dialog
      role="alertdialog"
      labelledBy={`${id}-text`}
      className="flx-dialog--confirm"
      onCancel={() => onAnswer(false)}
      onOverlayClick={() => onAnswer(false)}
    >
      <p id={`${id}-text`} className="flx-dialog__text flx-dialog__question">
        {text}
      </p>
      <div className="flx-dialog__actions">
        <button type="button" className="flx-button" autoFocus onClick={() => onAnswer(false)}>
          {m.ui_confirm_cancel({}, o)}
        </button>
        <button
          type="button"
          className={`flx-button ${danger ? 'flx-button--danger' : 'flx-button--primary'}`}
          onClick={() => onAnswer(true)}
        >
          {confirmLabel ?? m.ui_confirm_ok({}, o)}
        </button>
      </div>
    </Dialog>
  );
}
