/**
 * What the whole site does with a failed API answer (SPEC §4, §8; docs/ARCHITECTURE.md).
 * A pure function, so every rule is tested without a browser.
 */
export type ApiErrorAction =
  | { kind: 'sessionExpired' }
  | { kind: 'maintenance' }
  | { kind: 'report' }
  | { kind: 'alert'; text: string }
  | { kind: 'none' };

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** The trimmed string at `name` of an answer's body; '' when it is missing, blank or not a string. */
export function textField(body: unknown, name: string): string {
  const value = field(body, name);
  return typeof value === 'string' ? value.trim() : '';
}

export function classifyApiError(status: number, body: unknown): ApiErrorAction {
  // The worker answers this only after its own refresh failed: the session is gone for good.
  if (status === 401 && field(body, 'error') === 'session_expired') return { kind: 'sessionExpired' };
  if (status === 503) return { kind: 'maintenance' };
  if (status >= 500) return { kind: 'report' };
  const message = textField(body, 'error_msg') || textField(body, 'msg') || textField(body, 'message');
  const code = field(body, 'error') ?? field(body, 'code') ?? field(body, 'status');
  // A coded error is the caller's to explain; a bare message is meant for the user as is.
  if (message && (code === undefined || code === null || code === '')) return { kind: 'alert', text: message };
  return { kind: 'none' };
}
