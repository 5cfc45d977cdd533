import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** Id of the element that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Escape key. */
  onCancel(): void;
  /** A click on the overlay around the dialog. */
  onOverlayClick?(): void;
  className?: string;
  /** Shown as `data-callback-url`: where the dialog's actions lead after sign-in. */
  callbackURL?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> element: the browser moves focus in, keeps it inside, makes
 * the rest of the page inert and gives focus back on close. Mounted = open.
 */
export function Dialog({ labelledBy, describedBy, role = 'dialog', onCancel, onOverlayClick, className, callbackURL, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // Layout effect: close() must run while the element is still in the document, or the
  // browser cannot give focus back to the control that opened the dialog.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`flx-dialog ${className ?? ''}`}
      data-callback-url={callbackURL}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // The dialog box itself has no padding, so only the overlay targets the <dialog> element.
        if (event.target === event.currentTarget) onOverlayClick?.();
      }}
    >
      <div className="flx-dialog__box">{children}</div>
    </dialog>
  );
}
