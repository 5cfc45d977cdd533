/** The API's service status as the edge sees it, read at most once per TTL per isolate. */
import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import { fetchApi, UpstreamError, upstreamHeaders } from '../../upstream.ts';

export interface ServiceStatus {
  maintenance: boolean;
  /** Emergency ("defence") mode: only signed-in members get past the sign-in page. */
  emergency: boolean;
}

const STATUS_TTL_DEFAULT_MS = 5_000;
const STATUS_TIMEOUT_MS = 2_000;
/** A status at most this many TTLs old still answers while the next one is read beside the request. */
const STATUS_STALE_TTLS = 6;

/** Plain data only: workerd cancels a request that awaits a promise created by another, finished request. */
let cached: { at: number; value: ServiceStatus | null } | undefined;
let refreshing = false;

/**
 * The current status, or null when it cannot be read (SPEC §8: a failed maintenance check is
 * ignored silently). A 503 from the API counts as maintenance (SPEC §4: a 503 goes to the
 * maintenance page), and so does an API that refuses every connection. Failures are cached too, so a down API is not
 * asked on every page.
 *
 * Read at most once per TTL, and not in front of the page: a status past its TTL (but less than
 * STATUS_STALE_TTLS of them old) answers this request while the next one is read beside it
 * (`waitUntil`), so a switch to maintenance shows one read later, and no visitor waits for the read
 * but the first of an isolate or after a long quiet. With a TTL of 0 every request reads it first.
 */
export async function readServiceStatus(c: Context<AppEnv>): Promise<ServiceStatus | null> {
  const ttl = statusTtlMs(c);
  const age = cached ? Date.now() - cached.at : Infinity;
  if (cached && age < ttl) return cached.value;
  if (cached && ttl > 0 && age < ttl * STATUS_STALE_TTLS) {
    if (!refreshing) {
      refreshing = true;
      const next = fetchStatus(c).then(
        (value) => {
          cached = { at: Date.now(), value };
          refreshing = false;
        },
        () => {
          refreshing = false;
        },
      );
      try {
        c.executionCtx.waitUntil(next);
      } catch {
        // No execution context (app.request() in a unit test): the read still runs to its end.
      }
    }
    return cached.value;
  }
  const value = await fetchStatus(c);
  cached = { at: Date.now(), value };
  return value;
}

function statusTtlMs(c: Context<AppEnv>): number {
  const n = Number(c.env.SERVICE_STATUS_TTL_MS);
  return c.env.SERVICE_STATUS_TTL_MS !== undefined && Number.isFinite(n) && n >= 0 ? n : STATUS_TTL_DEFAULT_MS;
}

async function fetchStatus(c: Context<AppEnv>): Promise<ServiceStatus | null> {
  try {
    const headers = upstreamHeaders(c, new Headers({ accept: 'application/json' }));
    headers.delete('cookie');
    const res = await fetchApi(c, '/api/service/status', { method: 'GET', headers }, STATUS_TIMEOUT_MS);
    if (res.status === 503) {
      await res.body?.cancel();
      return { maintenance: true, emergency: false };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return parseStatus(await res.json());
  } catch (e) {
    // Every API process refused the connection: the API is down, and visitors should meet the
    // maintenance page rather than a page whose every call fails. A slow or garbled
    // answer is still ignored (SPEC §8).
    if (e instanceof UpstreamError && e.kind === 'unreachable') return { maintenance: true, emergency: false };
    return null;
  }
}

/** `{ status: 'ok' | 'maintenance', data: { defenceMode } }` (docs/ARCHITECTURE.md); anything else is unreadable. */
export function parseStatus(body: unknown): ServiceStatus | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, data } = body as { status?: unknown; data?: { defenceMode?: unknown } | null };
  if (status !== 'ok' && status !== 'maintenance') return null;
  const maintenance = status === 'maintenance';
  return { maintenance, emergency: !maintenance && data?.defenceMode === true };
}
