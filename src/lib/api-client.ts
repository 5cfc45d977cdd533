/**
 * The one HTTP client of the site (SPEC §7: one base, credentials included; §8: no retries).
 * Every failed answer goes through classifyApiError() first: session expiry ends the session
 * and shows its dialog, 503 goes to the maintenance page, 5xx is reported, a bare message
 * becomes an alert. The error is still thrown to the caller afterwards.
 */
import { FetchError, ofetch, type FetchContext, type FetchOptions } from 'ofetch';
import { classifyApiError, MAINTENANCE_PATH, type ApiErrorAction } from './api-errors.ts';
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

const browserEffects: ApiEffects = {
  sessionExpired: () => {
    void import('../stores/session.ts').then((s) => s.endExpiredSession());
  },
  maintenance: () => {
    if (window.location.pathname.replace(/\/$/, '') !== MAINTENANCE_PATH) window.location.assign(MAINTENANCE_PATH);
  },
  report: (e) => void reportServerError(e),
  alert: (text) => {
    void import('../stores/modals.ts').then((m) => m.showAlert(text));
  },
};

/** Builds a client; the site uses `api`, tests pass their own base URL and effects. */
export function createApiClient({ baseURL, effects = browserEffects }: { baseURL?: string; effects?: ApiEffects } = {}) {
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

/** Typed call for islands; throws a FetchError (with `.status` and `.data`) after the global handling. */
export function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return api<T>(path, options as FetchOptions<'json'>);
}

/** Status and body of a failed call, for callers that explain coded errors themselves. */
export function apiErrorOf(error: unknown): { status: number; body: unknown } | null {
  if (error instanceof FetchError && error.response) return { status: error.response.status, body: error.data };
  return null;
}
