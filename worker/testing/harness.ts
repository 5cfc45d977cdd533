/** The real worker in workerd (wrangler's test harness) in front of a stub API. */
import { createTestHarness } from 'wrangler';
import { startStubApi, type StubApi } from './stub-api.ts';

export interface WorkerUnderTest {
  api: StubApi;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Needs the built site in dist/ (`npm run build:site`) for page answers. */
export async function startWorker(vars: Record<string, string> = {}): Promise<WorkerUnderTest> {
  const api = await startStubApi();
  const server = createTestHarness({
    workers: [{ configPath: './wrangler.jsonc', vars: { API_ORIGIN: api.origin, SERVICE_STATUS_TTL_MS: '0', ...vars } }],
  });
  await server.listen();
  return {
    api,
    fetch(url, init = {}) {
      // The harness serves https URLs over http; Cloudflare tells the worker the scheme in CF-Visitor.
      const headers = new Headers(init.headers);
      if (url.startsWith('https:')) headers.set('cf-visitor', '{"scheme":"https"}');
      return server.fetch(url, { redirect: 'manual', ...init, headers } as never) as unknown as Promise<Response>;
    },
    async close() {
      await server.close();
      await api.close();
    },
  };
}

/** The Set-Cookie line for `name`, or undefined. */
export function setCookieFor(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

export const STATUS_OK = { body: JSON.stringify({ status: 'ok', data: { defenceMode: false } }) };
export const STATUS_MAINTENANCE = { body: JSON.stringify({ status: 'maintenance', data: { defenceMode: false } }) };
export const STATUS_EMERGENCY = { body: JSON.stringify({ status: 'ok', data: { defenceMode: true } }) };
