/**
 * A stand-in platform API at the HTTP boundary for worker tests: a real node:http server on
 * port 0 whose answers each test sets, and a log of every call the worker made to it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubAnswer {
  status?: number;
  /** Sent with the answer; null leaves a header out (the default `content-type` included). */
  headers?: Record<string, string | string[] | null>;
  body?: string;
  /** Never answer (to test time limits). */
  hang?: boolean;
  /**
   * Answer as soon as the request's headers arrive, before reading its body, as the API refuses
   * a declared length over its cap (the call's `body` is then empty).
   */
  early?: boolean;
}

export type StubRoute = (call: StubCall) => StubAnswer | Promise<StubAnswer>;

export interface StubApi {
  origin: string;
  calls: StubCall[];
  /** Answer `METHOD /path` (query ignored) with `route`; unknown routes answer 404. */
  on(method: string, path: string, route: StubRoute | StubAnswer): void;
  reset(): void;
  callsTo(path: string): StubCall[];
  close(): Promise<void>;
}

export async function startStubApi(): Promise<StubApi> {
  const routes = new Map<string, StubRoute>();
  const earlyRoutes = new WeakSet<StubRoute>();
  const calls: StubCall[] = [];
  const server: Server = createServer((req, res) => {
    const route = routes.get(`${req.method ?? ''} ${(req.url ?? '').split('?')[0]!}`);
    const answer = async (body: string) => {
      const call: StubCall = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      calls.push(call);
      const answer = route ? await route(call) : { status: 404, body: '{"error":"not_found","error_msg":"stub"}' };
      if (answer.hang) return;
      const headers = Object.entries<string | string[] | null>({
        'content-type': 'application/json',
        ...answer.headers,
      }).filter((h): h is [string, string | string[]] => h[1] !== null);
      res.writeHead(answer.status ?? 200, Object.fromEntries(headers));
      res.end(answer.body ?? '{}');
    };
    if (route && earlyRoutes.has(route)) return void answer('');
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => void answer(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    on(method, path, route) {
      const answer = typeof route === 'function' ? route : () => route;
      if (typeof route !== 'function' && route.early) earlyRoutes.add(answer);
      routes.set(`${method} ${path}`, answer);
    },
    reset() {
      routes.clear();
      calls.length = 0;
    },
    callsTo(path) {
      return calls.filter((c) => c.url.split('?')[0] === path);
    },
    close() {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/** An unsigned JWT-shaped token with the given exp: the edge only reads exp, the API verifies. */
export function fakeJwt(expS: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp: expS })}.c2ln`;
}
