import type { ReactNode } from 'react';

export interface FormMessageProps {
  /** The words (and at most a retry button); while empty nothing is rendered, unless `live`. */
  children?: ReactNode;
  /** The area's class (`auth-error`, `my-error`, `luv-error` …), which carries the colour. */
  className?: string;
  /** For the `aria-describedby` of the field it is about. */
  id?: string;
  /**
   * Keep the element while it is empty: a form's message region that exists before its first text,
   * so a field can point at it and its first text is announced.
   */
  live?: boolean;
}

/** A message announced the moment it appears (`role="alert"`): a refusal, a failed load, a missing page. */
export function FormMessage({ children, className, id, live }: FormMessageProps) {
  const empty = children === null || children === undefined || children === false || children === '';
  if (empty && !live) return null;
  return (
    <p id={id} className={className} role="alert">
      {empty ? '' : children}
    </p>
  );
}
