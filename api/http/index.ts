/**
 * Every resource of the API, one folder per URL prefix (docs/ARCHITECTURE.md has the map), and
 * `GET /api/openapi.json`, the document of them all. The order matters where prefixes nest: the
 * first route that answers wins.
 */
import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { account } from './account/index.ts';
import { channels } from './channels/index.ts';
import { chat } from './chat/index.ts';
import { cs } from './cs/index.ts';
import { dev } from './dev/index.ts';
import { guest } from './guest/index.ts';
import { ingest } from './ingest/index.ts';
import { luv } from './luv/index.ts';
import { m } from './m/index.ts';
import { messages } from './messages/index.ts';
import { my } from './my/index.ts';
import { doc, openApiDocument } from './openapi.ts';
import { partners } from './partners/index.ts';
import { serviceRoutes } from './service/index.ts';

export function mountRoutes(app: Hono<ApiEnv>): void {
  for (const resource of [serviceRoutes, partners, guest, dev, account, luv, channels, chat, my, m, messages, cs, ingest]) app.route('/', resource);
  app.get('/api/openapi.json', doc({ tag: 'service', summary: 'This document (OpenAPI 3.1)' }), async (c) => c.json(await openApiDocument(app)));
}
