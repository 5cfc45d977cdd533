import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGNUP_SUBMIT_DEBOUNCE_MS, SUBMIT_REENABLE_MS } from '../../../domain/limits.ts';

/**
 * SPEC §5/§9: a submit button is disabled for 500 ms after a click (and while its request runs);
 * sign-up additionally ignores repeats within 1 s of the last accepted one (leading-edge debounce:
 * the first press answers at once, a double press or an IME Enter echo sends nothing more).
 *
 * The button gets `aria-disabled` rather than `disabled`: a disabled button drops keyboard
 * focus to <body>, which strands keyboard and screen-reader users after every press.
 */
export function useSubmitGuard(run: () => Promise<void> | void, opts: { debounceMs?: number } = {}) {
  const [cooling, setCooling] = useState(false);
  const [busy, setBusy] = useState(false);
  const coolingRef = useRef(false);
  const lastRun = useRef(-Infinity);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Starts the 500 ms lock; false when a press arrives inside it and must be ignored. */
  const press = useCallback((): boolean => {
    if (coolingRef.current || inFlight.current) return false;
    coolingRef.current = true;
    setCooling(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      coolingRef.current = false;
      setCooling(false);
    }, SUBMIT_REENABLE_MS);
    return true;
  }, []);

  /** Runs the request unless one is running or (with a debounce) one started too recently. */
  const submit = useCallback(async () => {
    const now = performance.now();
    if (inFlight.current || now - lastRun.current < (opts.debounceMs ?? 0)) return;
    lastRun.current = now;
    inFlight.current = true;
    setBusy(true);
    try {
      await run();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [run, opts.debounceMs]);

  return { press, submit, busy, disabled: busy || cooling };
}

export const SIGNUP_DEBOUNCE = { debounceMs: SIGNUP_SUBMIT_DEBOUNCE_MS };
