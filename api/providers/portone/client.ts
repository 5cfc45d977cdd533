/**
 * One PortOne API client per account (`@portone/server-sdk`), and `callPortOne()`, which turns what
 * the SDK throws into values: PortOne's own error (`type`, `message`, and a PG's code and message)
 * or `unavailable` (network, timeout, a body that is not PortOne's JSON).
 */
import { PortOneClient, RestError } from '@portone/server-sdk';
import type { PortOneAccount } from './settings.ts';

/** How long one PortOne call may take before the API stops waiting (the call itself is not aborted). */
export const PORTONE_REQUEST_TIMEOUT_MS = 10_000;

export type PortOneFailure =
  | { kind: 'rest'; type: string; message: string; pgCode: string | null; pgMessage: string | null }
  | { kind: 'unavailable'; message: string };

export type PortOneCall<T> = { ok: true; value: T } | { ok: false; failure: PortOneFailure };

export function portOneClient(account: PortOneAccount): PortOneClient {
  return PortOneClient({ secret: account.apiSecret, storeId: account.storeId, baseUrl: account.apiBase });
}

export async function callPortOne<T>(
  request: () => Promise<T>,
  timeoutMs = PORTONE_REQUEST_TIMEOUT_MS,
): Promise<PortOneCall<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`PortOne did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return { ok: true, value: await Promise.race([request(), timeout]) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

function failureOf(error: unknown): PortOneFailure {
  if (error instanceof RestError) {
    const data = error.data as { type?: unknown; message?: unknown; pgCode?: unknown; pgMessage?: unknown };
    return {
      kind: 'rest',
      type: typeof data.type === 'string' ? data.type : 'UNKNOWN',
      message: typeof data.message === 'string' ? data.message : '',
      pgCode: typeof data.pgCode === 'string' ? data.pgCode : null,
      pgMessage: typeof data.pgMessage === 'string' ? data.pgMessage : null,
    };
  }
  return { kind: 'unavailable', message: error instanceof Error ? error.message : String(error) };
}

/** A short note for logs and failure notes, never the API secret. */
export function describeFailure(failure: PortOneFailure): string {
  if (failure.kind === 'unavailable') return `PortOne unavailable: ${failure.message}`.slice(0, 200);
  const pg = failure.pgMessage ? ` (${failure.pgCode ?? 'PG'}: ${failure.pgMessage})` : '';
  return `${failure.type}${failure.message ? `: ${failure.message}` : ''}${pg}`.slice(0, 200);
}
