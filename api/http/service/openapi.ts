import { Hono } from 'hono';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { ApiEnv } from '../../app-env.ts';
import { OPERATIONS, type Operation } from './openapi-operations.ts';

/**
 * `GET /api/openapi.json`: OpenAPI 3.1 built from the valibot schemas the handlers validate with
 * (JSON Schema 2020-12, input side), so the document cannot drift from the checks.
 */
export const openapi = new Hono<ApiEnv>();

const errorSchema = { type: 'object', required: ['error', 'error_msg'], properties: { error: { type: 'string' }, error_msg: { type: 'string' } } };
const signinErrorSchema = { type: 'object', required: ['status', 'msg'], properties: { status: { type: 'integer' }, msg: { type: 'string' } } };

function operationObject(op: Operation) {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  for (const [name, description] of Object.entries(op.query ?? {}))
    params.push({ name, in: 'query', required: false, schema: { type: 'string' }, description } as never);
  const errorBody = op.path === '/v2/api/auth/signin' ? signinErrorSchema : errorSchema;
  const responses = Object.fromEntries(
    Object.entries(op.responses).map(([status, description]) => [
      status,
      Number(status) >= 400 ? { description, content: { 'application/json': { schema: errorBody } } } : { description },
    ]),
  );
  const body = op.body
    ? {
        required: true,
        content: {
          [op.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
            schema: toJsonSchema(op.body, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }),
          },
        },
      }
    : undefined;
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(op.session === 'requires' ? { security: [{ accessCookie: [] }] } : {}),
    responses,
  };
}

let cached: object | null = null;

export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'FLX platform API: accounts, sessions and verification',
      version: '1.0.0',
      description: 'Reference implementation; see docs/API.md for plugging in your own backend.',
    },
    components: { securitySchemes: { accessCookie: { type: 'apiKey', in: 'cookie', name: 'flx_oauth_access' } } },
    paths,
  };
  return cached;
}

openapi.get('/openapi.json', (c) => c.json(openApiDocument()));
