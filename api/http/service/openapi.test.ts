import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../testing/auth-test-app.ts';
import { OPERATIONS } from './openapi-operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
};

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with every operation and schemas from the handlers', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    for (const op of OPERATIONS) expect(doc.paths[op.path]?.[op.method], `${op.method} ${op.path}`).toBeDefined();
    const signin = doc.paths['/v2/api/auth/signin']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(signin.properties ?? {})).toEqual(expect.arrayContaining(['loginId', 'password', 'loginKeep', 'saveId', 'device']));
    expect(doc.paths['/api/oauth/refresh']!.post!.requestBody!.content).toHaveProperty('application/x-www-form-urlencoded');
  });

  it('every documented path answers something other than the generic 404 (no drift from the router)', async () => {
    for (const op of OPERATIONS) {
      const path = op.path.replace(/\{provider\}/, 'kakao').replace(/\{\w+\}/g, 'abcdef01');
      const res = await t.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{}',
      });
      const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { error?: string }) : {};
      if (res.status === 404 && body.error === 'not_found') expect(op.responses[404], `${op.method} ${op.path} answered the router's 404`).toBeDefined();
      expect(res.status).toBeLessThan(500);
    }
  });
});
