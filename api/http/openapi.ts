/**
 * The OpenAPI 3.1 document at `GET /api/openapi.json`, generated from the routes themselves:
 * every route carries `doc()` (what it is and answers), and its guards and validators document
 * themselves (api/http/request.ts, session.ts) from the very schemas they check with, so the
 * document cannot drift from the checks. hono-openapi walks the app and merges those fragments;
 * this file adds the catalogue's error answers. `/api/dev/*` (development only) is left out.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type * as v from 'valibot';
import { COOKIE } from '../../domain/cookies.ts';
import { API_ERRORS, type ApiErrorCode } from '../../domain/errors.ts';
import type { ApiEnv } from '../app-env.ts';
import { documented, ERROR_CODES_KEY, jsonSchemaOf } from './request.ts';

export type Tag =
  | 'auth'
  | 'session'
  | 'verification'
  | 'guest'
  | 'profile'
  | 'service'
  | 'partners'
  | 'channels'
  | 'lives'
  | 'search'
  | 'chat'
  | 'luv'
  | 'shop'
  | 'items'
  | 'subscriptions'
  | 'withdrawals'
  | 'my'
  | 'messages'
  | 'cs'
  | 'boards'
  | 'ingest'
  | 'development';

export interface RouteDoc {
  tag: Tag;
  summary: string;
  description?: string;
  /** Successful answers: status → description, or description and the body's schema. */
  responses?: Record<number, string | { description: string; schema?: v.GenericSchema; contentType?: string }>;
  /** Catalogue codes the handler answers, beside those its guards and validators add. */
  errors?: readonly ApiErrorCode[];
  /** Sign-in keeps SPEC §7's `{ status, msg }` error shape. */
  errorShape?: 'signin';
  /** Needs an `Idempotency-Key` header (money routes, docs/LEDGER.md). */
  idempotent?: boolean;
}

/** Describes a route; put it first in the route's handlers. */
export function doc(d: RouteDoc): MiddlewareHandler<ApiEnv> {
  const responses = Object.fromEntries(
    Object.entries(d.responses ?? { 200: 'OK' }).map(([status, r]) => {
      const { description, schema, contentType = 'application/json' } = typeof r === 'string' ? { description: r } : r;
      return [
        status,
        schema ? { description, content: { [contentType]: { schema: jsonSchemaOf(schema) } } } : { description },
      ];
    }),
  );
  const idempotencyHeader = {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description: 'One key per user intent, kept across retries (1-255 visible ASCII characters)',
    schema: { type: 'string', maxLength: 255 },
  };
  return documented(
    async function describedRoute(_c, next) {
      await next();
    },
    {
      tags: [d.tag],
      summary: d.summary,
      ...(d.description ? { description: d.description } : {}),
      responses,
      ...(d.idempotent ? { parameters: [idempotencyHeader] } : {}),
      [ERROR_CODES_KEY]: [
        ...(d.errors ?? []),
        ...(d.idempotent ? (['idempotency_key_required', 'idempotency_key_reused'] as const) : []),
      ],
      ...(d.errorShape ? { 'x-error-shape': d.errorShape } : {}),
    },
  );
}

const ERROR_BODY = {
  type: 'object',
  required: ['error', 'error_msg'],
  properties: {
    error: { type: 'string', description: 'Permanent code of domain/errors.ts' },
    error_msg: {
      type: 'string',
      description: "The code's text in the caller's language (locale cookie, else Accept-Language, else ko)",
    },
  },
};
const SIGNIN_ERROR_BODY = {
  type: 'object',
  required: ['status', 'msg'],
  properties: { status: { type: 'integer' }, msg: { type: 'string' } },
};

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };

/** Turns an operation's `x-error-codes` into one answer per status, listing the codes. */
function addErrorAnswers(op: Operation): void {
  const codes = [...new Set((op[ERROR_CODES_KEY] as ApiErrorCode[] | undefined) ?? [])].sort();
  op[ERROR_CODES_KEY] = codes;
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes)
    byStatus.set(API_ERRORS[code].status, [...(byStatus.get(API_ERRORS[code].status) ?? []), code]);
  const signin = op['x-error-shape'] === 'signin';
  op.responses ??= {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = signin
      ? SIGNIN_ERROR_BODY
      : { ...ERROR_BODY, properties: { ...ERROR_BODY.properties, error: { type: 'string', enum: list } } };
    op.responses[String(status)] ??= { description: list.join(', '), content: { 'application/json': { schema } } };
  }
}

const cache = new WeakMap<object, Promise<Record<string, unknown>>>();

/** The document of `app` (built once per app). */
export function openApiDocument(app: Hono<ApiEnv>): Promise<Record<string, unknown>> {
  let pending = cache.get(app);
  if (!pending) {
    pending = generateSpecs(app, {
      documentation: {
        info: {
          title: 'FLX platform API',
          version: '2.0.0',
          description:
            'Reference implementation of every call the site makes (SPEC §7). Errors are `{ error, error_msg }` ' +
            'with a permanent code of the catalogue; docs/API.md says what a schema cannot.',
        },
        components: {
          securitySchemes: {
            accessCookie: { type: 'apiKey', in: 'cookie', name: COOKIE.access },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      exclude: [/^\/api\/dev\//],
      excludeStaticFile: false,
      defaultValidationErrorResponse: false,
    }).then((spec) => {
      for (const path of Object.values(spec.paths ?? {}))
        for (const op of Object.values(path ?? {})) if (op && typeof op === 'object') addErrorAnswers(op as Operation);
      return spec as unknown as Record<string, unknown>;
    });
    cache.set(app, pending);
  }
  return pending;
}
