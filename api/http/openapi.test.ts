import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../domain/errors.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  responses?: Record<string, { content?: unknown }>;
  'x-error-codes'?: string[];
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

// The document is built from the routes alone: no request reaches a database.
const app = createApp({ config: loadConfig({ PLATFORM_ENV: 'test' }), database: {} as Database });
let document: Doc;
beforeAll(async () => {
  document = (await (await app.request('/api/openapi.json')).json()) as Doc;
});

/** Hono's `/:id/:action{approve|fail}` as OpenAPI's `/{id}/{action}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** Every route of the app but the development tools, as `METHOD /path`. */
function routes(): string[] {
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path.startsWith('/api/dev/') || r.path.includes('*')) continue;
    out.add(`${r.method} ${r.path}`);
  }
  return [...out].sort();
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and leaves the development tools out', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/api/dev/'))).toEqual([]);
  });

  it('documents every route with a tag and a summary (a new route without doc() fails here)', () => {
    const missing = routes().filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      const op = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      return !op?.summary || !op.tags?.length;
    });
    expect(missing).toEqual([]);
    expect(routes().length).toBeGreaterThan(190);
  });

  it('answers every refusal from the catalogue, each status with its codes and body', () => {
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const code of op['x-error-codes'] ?? []) {
          expect(Object.hasOwn(API_ERRORS, code), `${method} ${path}: ${code}`).toBe(true);
          expect(
            op.responses?.[String(API_ERRORS[code as keyof typeof API_ERRORS].status)]?.content,
            `${method} ${path}: ${code}`,
          ).toBeDefined();
        }
      }
    }
  });
});
