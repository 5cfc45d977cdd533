/**
 * Error reporting (SPEC §7 "Other", §8 "5xx"): a Sentry SDK, loaded only when a DSN is
 * configured, so pages without one ship none of it. Traces are off (sample rate 0).
 */
export interface ServerErrorReport {
  method: string;
  path: string;
  status: number;
}

type SentryModule = typeof import('./sentry-client.ts');

let client: Promise<SentryModule | null> = Promise.resolve(null);

/** The DSN the site was built with (`PUBLIC_SENTRY_DSN`), or null. */
function configuredDsn(): string | null {
  const dsn = import.meta.env.PUBLIC_SENTRY_DSN as string | undefined;
  return dsn && dsn.trim() ? dsn.trim() : null;
}

/**
 * Starts the SDK once. Without a DSN reporting stays off and nothing is loaded.
 * Resolves when the SDK is ready (or known to be off).
 */
export function initErrorReporting(
  dsn: string | null = configuredDsn(),
  environment = import.meta.env.MODE,
): Promise<boolean> {
  if (!dsn) return Promise.resolve(false);
  client = import('./sentry-client.ts').then(
    (sentry) => {
      sentry.init({ dsn, environment, tracesSampleRate: 0 });
      return sentry;
    },
    () => null,
  );
  return client.then((s) => s !== null);
}

/** Sends a server error with its method, path (no query: it may hold personal data) and status. */
export async function reportServerError({ method, path, status }: ServerErrorReport): Promise<void> {
  const sentry = await client;
  if (!sentry) return;
  const cleanPath = path.split('?')[0] ?? path;
  sentry.captureMessage(`Server error ${status} on ${method.toUpperCase()} ${cleanPath}`, {
    level: 'error',
    tags: { 'http.method': method.toUpperCase(), 'http.path': cleanPath, 'http.status_code': String(status) },
    contexts: { response: { method: method.toUpperCase(), path: cleanPath, status_code: status } },
  });
}

/**
 * A client-side problem the user was spared (e.g. the player fell back to another engine):
 * a warning on the console and, when reporting is on, a Sentry message at level warning.
 */
export async function reportClientIssue(message: string, tags: Record<string, string> = {}): Promise<void> {
  console.warn(message, tags);
  const sentry = await client;
  if (sentry) sentry.captureMessage(message, { level: 'warning', tags });
}

/** Waits until queued events are sent (tests, page hide). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  const sentry = await client;
  if (sentry) await sentry.flush(timeoutMs);
}
