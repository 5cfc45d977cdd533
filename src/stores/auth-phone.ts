/**
 * Phone verification of the foreigner sign-up (SPEC §2, §4, §5, §7): a captcha before sending,
 * a 60 s resend lock, a code check that returns the token sign-up requires. One instance per form.
 */
import { map, type MapStore } from 'nanostores';
import { SMS_RESEND_LOCK_MS } from '../../domain/limits.ts';
import { FORM_TEXTS as T } from '../../domain/schemas/texts.ts';
import { apiResult, type FailureCode } from '../lib/api-client.ts';

export type CaptchaState = 'idle' | 'solving' | 'done' | 'failed';

export interface PhoneState {
  captcha: CaptchaState;
  captchaToken: string;
  sending: boolean;
  /** Epoch ms until which sending again is refused (0 = not locked). */
  lockedUntil: number;
  sent: boolean;
  verifying: boolean;
  /** The verification token; set once the code is confirmed, after which the phone is frozen. */
  token: string;
  /** A §5 text or a server message about the phone or the captcha. */
  error: string;
  /** A §5 text or server message about the code. */
  codeError: string;
  /** Development only: the code the outbox SMS carried, as the API answered it (never in production). */
  devCode: string;
}

const INITIAL: PhoneState = {
  captcha: 'idle',
  captchaToken: '',
  sending: false,
  lockedUntil: 0,
  sent: false,
  verifying: false,
  token: '',
  error: '',
  codeError: '',
  devCode: '',
};

/** Which API error codes mean what for the user (domain/errors.ts codes). */
function textOf(code: FailureCode, message: string): string {
  if (code === 'captcha_failed') return T.captchaIncomplete;
  if (code === 'try_again_later') return T.tryAgainLater;
  // A bare code is shown only when it came without a text; no answer, or one without a code, shows none.
  return message || (code === 'network' || code === 'unknown' ? '' : code);
}

export interface PhoneVerification {
  $state: MapStore<PhoneState>;
  solveCaptcha(): Promise<void>;
  send(countryCode: string, phone: string, now?: number): Promise<void>;
  verify(countryCode: string, phone: string, code: string): Promise<void>;
  /** A new number un-does a finished check (the token is bound to the old number). */
  reset(): void;
}

/** `purpose`: `signup` (foreigner sign-up) or `find` (find ID / password); a token only serves its purpose. */
export function createPhoneVerification(
  purpose: 'signup' | 'find' = 'signup',
  solve: (challenge: unknown) => Promise<string | null> = solveInWorker,
): PhoneVerification {
  const $state = map<PhoneState>({ ...INITIAL });

  async function solveCaptcha() {
    if ($state.get().captcha === 'solving') return;
    $state.set({ ...$state.get(), captcha: 'solving', error: '' });
    const challenge = await apiResult<unknown>('/api/guest/captcha', { silent: true });
    const token = challenge.ok ? await solve(challenge.value).catch(() => null) : null;
    $state.set({
      ...$state.get(),
      captcha: token ? 'done' : 'failed',
      captchaToken: token ?? '',
      error: token ? '' : T.captchaIncomplete,
    });
  }

  async function send(countryCode: string, phone: string, now = Date.now()) {
    const s = $state.get();
    if (s.sending || s.token) return;
    if (!phone) return $state.setKey('error', T.phoneEmpty);
    if (now < s.lockedUntil) return $state.setKey('error', T.tryAgainLater);
    if (s.captcha !== 'done') return $state.set({ ...s, error: T.captchaIncomplete });
    $state.set({ ...s, sending: true, error: '' });
    const r = await apiResult<{ developmentCode?: unknown }>('/v2/api/auth/signup/send-phone-verification', {
      method: 'POST',
      body: { countryCode, phone, captchaToken: s.captchaToken, purpose },
      silent: true,
    });
    if (r.ok) {
      $state.set({
        ...$state.get(),
        sending: false,
        sent: true,
        lockedUntil: now + SMS_RESEND_LOCK_MS,
        captcha: 'idle',
        captchaToken: '',
        devCode: typeof r.value?.developmentCode === 'string' ? r.value.developmentCode : '',
      });
      return;
    }
    const f = r.failure;
    const lock =
      f.code === 'try_again_later' ? { lockedUntil: Math.max($state.get().lockedUntil, now + SMS_RESEND_LOCK_MS) } : {};
    // A captcha solution is single use: a refused send needs a fresh one.
    $state.set({
      ...$state.get(),
      ...lock,
      sending: false,
      captcha: 'idle',
      captchaToken: '',
      error: textOf(f.code, f.message),
    });
  }

  async function verify(countryCode: string, phone: string, code: string) {
    const s = $state.get();
    if (s.verifying || s.token) return;
    if (!phone) return $state.setKey('error', T.phoneEmpty);
    if (!/^\d{6}$/.test(code)) return $state.setKey('codeError', T.codeFormat);
    $state.set({ ...s, verifying: true, codeError: '' });
    const r = await apiResult<Record<string, unknown>>('/api/auth/signup/verify-phone', {
      method: 'POST',
      body: { countryCode, phone, code, purpose },
      silent: true,
    });
    if (!r.ok) {
      return $state.set({ ...$state.get(), verifying: false, codeError: textOf(r.failure.code, r.failure.message) });
    }
    const { phoneVerificationToken, token: bare, verificationToken } = r.value;
    const token = [phoneVerificationToken, bare, verificationToken].find((t) => typeof t === 'string') as
      | string
      | undefined;
    $state.set({
      ...$state.get(),
      verifying: false,
      token: token ?? '',
      codeError: token ? '' : T.phoneVerificationRequired,
    });
  }

  function reset() {
    const s = $state.get();
    if (s.token || s.error || s.codeError || s.devCode)
      $state.set({ ...s, token: '', error: '', codeError: '', devCode: '' });
  }

  return { $state, solveCaptcha, send, verify, reset };
}

/** Runs the proof of work in a Web Worker; null when it cannot be solved. */
export function solveInWorker(challenge: unknown): Promise<string | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../islands/auth/captcha.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return resolve(null);
    }
    worker.onmessage = (e: MessageEvent<string | null>) => {
      worker.terminate();
      resolve(typeof e.data === 'string' ? e.data : null);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(null);
    };
    worker.postMessage(challenge);
  });
}
