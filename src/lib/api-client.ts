/**
 * The one HTTP client of the site (SPEC §7: one base, credentials included; §8: no retries).
 * Every call says the page's language (`accept-language`), so the API's texts come back in it.
 * Every failed answer goes through classifyApiError() first: session expiry ends the session
 * and shows its dialog, 503 goes to the maintenance page, 5xx is reported, a bare message
 * becomes an alert. The caller then gets the failure as a value (`ApiResult`); nothing is thrown.
 *
 * Plain `fetch`: every page that calls the API loads this (a guest's sign-in page only once the
 * form is used), and a client library (ofetch with ufo and destr, ~4 KiB gzip) did nothing here
 * that these few lines do not.
 */
import type { ApiErrorCode } from '../../domain/errors.ts';
import { withSessionEffects as later } from './api-effects.ts';
import { classifyApiError, textField, type ApiErrorAction } from './api-errors.ts';
import { startProgress } from './progress.ts';

export { setApiEffects, type SessionEffects } from './api-effects.ts';

/**
 * Why a call failed: a code of the API's catalogue (domain/errors.ts), `network` when no answer
 * came (network failure, blocked, timeout), `unknown` when the answer carried no code (a proxy's
 * HTML 502, a bare message, a success the store could not use).
 */
export type FailureCode = ApiErrorCode | 'network' | 'unknown';

/**
 * A failed call as plain values: the code and the API's `error_msg` (in the page's language; `msg`
 * for sign-in's SPEC §7 shape), '' when none came. `status` 0: no answer came.
 */
export interface ApiFailure {
  status: number;
  code: FailureCode;
  message: string;
}

/** What a store action answers: the value, or why it failed (never thrown). */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

/**
 * What a store answers for input the API would refuse, found before sending (src/lib/form-input.ts);
 * it carries no text: failureText() gives the form's words.
 */
export const INVALID_INPUT: ApiFailure = { status: 400, code: 'validation_failed', message: '' };

const NO_ANSWER: ApiFailure = { status: 0, code: 'network', message: '' };

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: string;
  /** A plain object or array goes as JSON; FormData, text and other bodies go as they are. */
  body?: unknown;
  /** Added to the path's query; undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  /** Another origin than the page's (tests). */
  baseURL?: string;
  signal?: AbortSignal;
  /** The caller shows this call's bare messages itself: no global alert (the other rules still apply). */
  silent?: boolean;
}

export interface ApiEffects {
  sessionExpired(): void;
  maintenance(): void;
  report(e: { method: string; path: string; status: number }): void;
  alert(text: string): void;
}

const browserEffects: ApiEffects = {
  sessionExpired: () => later((e) => e.sessionExpired()),
  // SPEC §2: a 503 sends the page to the maintenance notice, when the service's status says it is not up.
  maintenance: () => void import('./maintenance-check.ts').then((c) => c.toMaintenanceUnlessUp()),
  // Loaded when a server error happens: most pages never report one.
  report: (e) => void import('./error-reporting.ts').then((r) => r.reportServerError(e)),
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

/** A plain object or array: sent as JSON. */
function isJson(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const proto = Object.getPrototypeOf(body) as unknown;
  return Array.isArray(body) || proto === Object.prototype || proto === null;
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, value === null ? '' : String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The body of an answer: JSON when it parses, else its text; undefined when empty. */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The failure a refused answer stands for. */
function failureOf(status: number, body: unknown): ApiFailure {
  // The catalogue lists every code the API answers; checking here would ship it to every page.
  const code = textField(body, 'error') as ApiErrorCode | '';
  return { status, code: code || 'unknown', message: textField(body, 'error_msg') || textField(body, 'msg') };
}

/** Builds a client; the site uses `api`, tests pass their own base URL, effects and language. */
export function createApiClient({ baseURL, effects = browserEffects, locale = pageLocale }: ClientOptions = {}) {
  return async function request<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
    const url = withQuery(`${options.baseURL ?? baseURL ?? ''}${path}`, options.query);
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = new Headers(options.headers);
    const lang = locale();
    if (lang && !headers.has('accept-language')) headers.set('accept-language', lang);
    let body = options.body as BodyInit | null | undefined;
    if (isJson(options.body)) {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      if (!headers.has('accept')) headers.set('accept', 'application/json');
    }
    const end = startProgress();
    let res: Response;
    let data: unknown;
    try {
      res = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
      data = await readBody(res);
    } catch {
      return { ok: false, failure: NO_ANSWER };
    } finally {
      end();
    }
    if (res.ok) return { ok: true, value: data as T };
    const call = { method, url, status: res.status, silent: options.silent === true };
    apply(classifyApiError(res.status, data), call, effects);
    return { ok: false, failure: failureOf(res.status, data) };
  };
}

function apply(
  action: ApiErrorAction,
  call: { method: string; url: string; status: number; silent: boolean },
  effects: ApiEffects,
): void {
  // Only the path: an origin is noise and a query may carry personal data.
  const path = new URL(call.url, 'http://relative.invalid').pathname;
  // biome-ignore-start lint/correctness/noVoidTypeReturn: `return effect()` is the shortest form in the sign-in page's bundle, which is at its byte budget
  switch (action.kind) {
    case 'sessionExpired':
      return effects.sessionExpired();
    case 'maintenance':
      return effects.maintenance();
    case 'report':
      return effects.report({ method: call.method, path, status: call.status });
    case 'alert':
      if (!call.silent) effects.alert(action.text);
      return;
    case 'none':
      return;
  }
  // biome-ignore-end lint/correctness/noVoidTypeReturn: the switch above
}

/** The site's client: same origin (the worker proxies the API), cookies sent, never retried. */
const api = createApiClient();

/** The call every store makes: the answer's value, or its failure after the global handling. */
export function apiResult<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  return api<T>(path, options);
}
