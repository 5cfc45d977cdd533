/**
 * How tests talk to the API built by api/testing/app.ts: a caller per member (cookie or bearer
 * token, JSON or multipart body, the worker-set client IP) whose answers are read once, and the
 * helpers of the account suites that go through the real sign-in.
 */
import { COOKIE } from '../../domain/cookies.ts';

/** A JSON value of an answer, read loosely: each test states the shape it expects. */
export type Json = any;

/**
 * An answer, read once. `status` and `body` are its own fields, so `toEqual` compares two answers
 * by them alone (an idempotent replay equals the first answer); the headers and the bytes ride
 * along for the tests that read them.
 */
export class TestResponse {
  readonly status: number;
  /** The answer's JSON; null when it is empty or not JSON. */
  readonly body: Json;
  readonly #headers: Headers;
  readonly #bytes: ArrayBuffer;

  private constructor(status: number, headers: Headers, bytes: ArrayBuffer) {
    this.status = status;
    this.#headers = headers;
    this.#bytes = bytes;
    this.body = parseJson(new TextDecoder().decode(bytes));
  }

  static async of(res: Response): Promise<TestResponse> {
    return new TestResponse(res.status, res.headers, await res.arrayBuffer());
  }

  get headers(): Headers {
    return this.#headers;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** As Response.json(): throws when the answer is not JSON. */
  async json(): Promise<Json> {
    return JSON.parse(await this.text());
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(this.#bytes);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice(0);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * A request as one member (or a guest): a plain body is sent as JSON (a string as it is), a
 * FormData as multipart, none on GET and HEAD. `headers` add to (or replace) the caller's own;
 * a `cookie` header is sent after the member's access cookie.
 */
export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<TestResponse>;

export interface CallerOptions {
  /** Send the access token as `Authorization: Bearer` (the apps' way) instead of the cookie. */
  bearer?: boolean;
  /** The client IP the worker names in `x-forwarded-for`; none by default. */
  ip?: string;
}

interface RequestTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** A caller on `app` as the member whose access token `token` gives (null: a guest). */
export function caller(app: RequestTarget, token: (() => Promise<string>) | null, options: CallerOptions = {}): Caller {
  return async (method, path, body, headers = {}) => {
    const h: Record<string, string> = options.ip ? { 'x-forwarded-for': options.ip } : {};
    const { cookie, ...rest } = headers;
    Object.assign(h, rest);
    const access = token ? await token() : null;
    if (access && options.bearer) h.authorization ??= `Bearer ${access}`;
    const cookies = [access && !options.bearer ? `${COOKIE.access}=${access}` : '', cookie ?? ''].filter(Boolean);
    if (cookies.length) h.cookie = cookies.join('; ');
    let payload: string | FormData | undefined;
    if (method !== 'GET' && method !== 'HEAD' && body !== undefined) {
      if (body instanceof FormData) payload = body;
      else {
        if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
    }
    return TestResponse.of(await app.request(path, { method, headers: h, body: payload }));
  };
}

/** A multipart form of text fields and files. */
export function form(fields: Record<string, string | number>, files: File[] = [], fileField = 'files'): FormData {
  const fd = new FormData();
  for (const [k, val] of Object.entries(fields)) fd.append(k, String(val));
  for (const f of files) fd.append(fileField, f);
  return fd;
}

/** A JSON request for `app.request()` as the worker forwards it (client IP 127.0.0.1). */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', ...headers },
  };
}

/** name → value of every Set-Cookie on a response (Max-Age=0 deletions give ''). */
export function setCookies(res: Response): Record<string, { value: string; attrs: string }> {
  const out: Record<string, { value: string; attrs: string }> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';');
    const i = pair.indexOf('=');
    out[pair.slice(0, i).trim()] = { value: pair.slice(i + 1), attrs: attrs.map((a) => a.trim()).join('; ') };
  }
  return out;
}

/** Signs in through the real endpoint and returns the cookie header the browser would send next. */
export async function signIn(
  app: RequestTarget,
  loginId: string,
  password = 'demo1234!',
  extra: Record<string, unknown> = {},
): Promise<{ cookie: string; access: string; refresh: string; res: Response }> {
  const res = await app.request('/v2/api/auth/signin', jsonInit('POST', { loginId, password, ...extra }));
  const jar = setCookies(res);
  const access = jar[COOKIE.access]?.value ?? '';
  const refresh = jar[COOKIE.refresh]?.value ?? '';
  return { cookie: `${COOKIE.access}=${access}; ${COOKIE.refresh}=${refresh}`, access, refresh, res };
}
