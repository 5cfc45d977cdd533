import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** Id of the element that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Escape key. */
  onCancel(): void;
  /** A click on the overlay around the dialog (given the dialog, to look at what it holds). */
  onOverlayClick?(dialog: HTMLDialogElement): void;
  className?: string;
  /** Shown as `data-callback-url`: where the dialog's actions lead after sign-in. */
  callbackURL?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> element: the browser moves focus in, keeps it inside, makes
 * the rest of the page inert and gives focus back on close. Mounted = open.
 */
export function Dialog({
  labelledBy,
  describedBy,
  role = 'dialog',
  onCancel,
  onOverlayClick,
  className,
  callbackURL,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // Layout effect: close() must run while the element is still in the document, or the
  // browser cannot give focus back to the control that opened the dialog.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard's way out is Escape (onCancel)
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
        if (event.target === event.currentTarget) onOverlayClick?.(event.currentTarget);
      }}
    >
      <div className="flx-dialog__box">{children}</div>
    </dialog>
  );
}

/**
 * Whether a text field in `root` holds something (typed, or kept from before): a stray click must not throw it away.
 */
export function holdsInput(root: HTMLElement): boolean {
  // React keeps a controlled field's value attribute in step with what is typed, so "changed since
  // the page set it" cannot be read from defaultValue; any text at all counts.
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'textarea, input:not([type]), input[type=text], input[type=password], input[type=email], input[type=tel], ' +
      'input[type=search], input[type=number]',
  );
  return [...fields].some((el) => el.value !== '');
}
