/**
 * Every idea's routes (one folder per product idea; docs/ARCHITECTURE.md maps each URL prefix to its
 * folder), and `GET /api/openapi.json`, the document of them all. Where two patterns can match one
 * request the first registered answers, so the order of the list is kept where that can happen (the
 * prefix guard of /api/dev before its routes).
 */
import type { Hono } from 'hono';
import { accountsRoutes } from './accounts/routes.ts';
import type { ApiEnv } from './app-env.ts';
import { attachmentsRoutes } from './attachments/routes.ts';
import { boardsRoutes } from './boards/routes.ts';
import { channelsRoutes } from './channels/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { clipsRoutes } from './clips/routes.ts';
import { csRoutes } from './cs/routes.ts';
import { devRoutes } from './dev/routes.ts';
import { emojiRoutes } from './emoji/routes.ts';
import { exchangeRoutes } from './exchange/routes.ts';
import { giftsRoutes } from './gifts/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { itemsRoutes } from './items/routes.ts';
import { livesRoutes } from './lives/routes.ts';
import { messagesRoutes } from './messages/routes.ts';
import { partnersRoutes } from './partners/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { serviceRoutes } from './service/routes.ts';
import { shopRoutes } from './shop/routes.ts';
import { subscriptionsRoutes } from './subscriptions/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { withdrawalsRoutes } from './withdrawals/routes.ts';
import { doc, openApiDocument } from './http/openapi.ts';

const IDEAS = [
  serviceRoutes,
  partnersRoutes,
  devRoutes,
  accountsRoutes,
  identityRoutes,
  channelsRoutes,
  livesRoutes,
  ingestRoutes,
  clipsRoutes,
  homeRoutes,
  searchRoutes,
  emojiRoutes,
  chatRoutes,
  giftsRoutes,
  itemsRoutes,
  walletRoutes,
  shopRoutes,
  subscriptionsRoutes,
  withdrawalsRoutes,
  exchangeRoutes,
  messagesRoutes,
  csRoutes,
  attachmentsRoutes,
  boardsRoutes,
];

export function mountRoutes(app: Hono<ApiEnv>): void {
  for (const idea of IDEAS) app.route('/', idea);
  app.get('/api/openapi.json', doc({ tag: 'service', summary: 'This document (OpenAPI 3.1)' }), async (c) =>
    c.json(await openApiDocument(app)),
  );
}
