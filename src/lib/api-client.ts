/**
 * The one HTTP client of the site (SPEC §7: one base, credentials included; §8: no retries).
 * Every call says the page's language (`accept-language`), so the API's texts come back in it.
 * Every failed answer goes through classifyApiError() first: session expiry ends the session
 * and shows its dialog, 503 goes to the maintenance page, 5xx is reported, a bare message
 * becomes an alert. The error is still thrown to the caller afterwards.
 */
import { FetchError, ofetch, type FetchContext, type FetchOptions } from 'ofetch';
import { PAGE } from '../../domain/routes.ts';
import { classifyApiError, type ApiErrorAction } from './api-errors.ts';
import { reportServerError } from './error-reporting.ts';
import { startProgress } from './progress.ts';

export { FetchError };

export interface ApiOptions<R extends 'json' = 'json'> extends FetchOptions<R> {
  /** The caller shows this call's bare messages itself: no global alert (the other rules still apply). */
  silent?: boolean;
}

export interface ApiEffects {
  sessionExpired(): void;
  maintenance(): void;
  report(e: { method: string; path: string; status: number }): void;
  alert(text: string): void;
}

/** The effects that need the site's state (session, dialogs); the shell injects them at boot. */
export type SessionEffects = Pick<ApiEffects, 'sessionExpired' | 'alert'>;

let injected: SessionEffects | null = null;
// Answers that arrive before the shell has injected its effects wait for them.
const early: ((effects: SessionEffects) => void)[] = [];
const later = (run: (effects: SessionEffects) => void) => (injected ? run(injected) : void early.push(run));

/** Called once by the shell: what session expiry and a bare message do on this page. */
export function setApiEffects(effects: SessionEffects): void {
  injected = effects;
  for (const run of early.splice(0)) run(effects);
}

const browserEffects: ApiEffects = {
  sessionExpired: () => later((e) => e.sessionExpired()),
  // SPEC §2: a 503 sends the page to the maintenance notice.
  maintenance: () => {
    if (window.location.pathname.replace(/\/$/, '') !== PAGE.maintenance) window.location.assign(PAGE.maintenance);
  },
  report: (e) => void reportServerError(e),
  alert: (text) => later((e) => e.alert(text)),
};

/** The page's language (`<html lang>`), or undefined outside a page. */
function pageLocale(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

interface ClientOptions {
  baseURL?: string;
  effects?: ApiEffects;
  /** The language sent as `accept-language` on every call (default: the page's). */
  locale?: () => string | undefined;
}

/** Builds a client; the site uses `api`, tests pass their own base URL, effects and language. */
export function createApiClient({ baseURL, effects = browserEffects, locale = pageLocale }: ClientOptions = {}) {
  const progress = new WeakMap<object, () => void>();
  const end = (ctx: object) => {
    progress.get(ctx)?.();
    progress.delete(ctx);
  };
  return ofetch.create({
    ...(baseURL ? { baseURL } : {}),
    credentials: 'include',
    retry: 0,
    onRequest(ctx) {
      progress.set(ctx, startProgress());
      const lang = locale();
      const headers = ctx.options.headers;
      if (lang && headers instanceof Headers && !headers.has('accept-language')) headers.set('accept-language', lang);
    },
    onRequestError(ctx) {
      end(ctx);
    },
    onResponse(ctx) {
      end(ctx);
    },
    onResponseError(ctx) {
      const action = classifyApiError(ctx.response.status, ctx.response._data);
      apply(action, ctx, effects);
    },
  });
}

function apply(action: ApiErrorAction, ctx: FetchContext, effects: ApiEffects): void {
  const method = (ctx.options.method ?? 'GET').toUpperCase();
  const raw = typeof ctx.request === 'string' ? ctx.request : ctx.request.url;
  // Only the path: an origin is noise and a query may carry personal data.
  const path = new URL(raw, 'http://relative.invalid').pathname;
  switch (action.kind) {
    case 'sessionExpired':
      return effects.sessionExpired();
    case 'maintenance':
      return effects.maintenance();
    case 'report':
      return effects.report({ method, path, status: ctx.response!.status });
    case 'alert':
      if (!(ctx.options as ApiOptions).silent) effects.alert(action.text);
      return;
    case 'none':
      return;
  }
}

/** The site's client: same origin (the worker proxies the API), cookies sent, never retried. */
export const api = createApiClient();

/** Typed call for stores; throws a FetchError (with `.status` and `.data`) after the global handling. */
export function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return api<T>(path, options as FetchOptions<'json'>);
}

/** Status and body of a failed call, for callers that explain coded errors themselves. */
export function apiErrorOf(error: unknown): { status: number; body: unknown } | null {
  if (error instanceof FetchError && error.response) return { status: error.response.status, body: error.data };
  return null;
}

/**
 * A failed call as plain values: the API's `error` code and its `error_msg` (in the page's
 * language). `status` 0 and an empty code: no answer came (network failure, blocked, timeout).
 */
export interface ApiFailure {
  status: number;
  code: string;
  message: string;
}

function str(body: unknown, key: string): string {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * What a store answers for input the API would refuse, found before sending (src/lib/form-input.ts);
 * it carries no text: failureText() gives the form's words.
 */
export const INVALID_INPUT: ApiFailure = { status: 400, code: 'validation_failed', message: '' };

export function apiFailureOf(error: unknown): ApiFailure {
  const e = apiErrorOf(error);
  if (!e) return { status: 0, code: '', message: '' };
  return { status: e.status, code: str(e.body, 'error'), message: str(e.body, 'error_msg') || str(e.body, 'msg') };
}

/** What a store action answers: the value, or why it failed (never thrown). */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

/** apiRequest() whose failure is a value: for actions whose caller shows what went wrong. */
export async function apiResult<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  try {
    return { ok: true, value: await apiRequest<T>(path, options) };
  } catch (error) {
    return { ok: false, failure: apiFailureOf(error) };
  }
}
