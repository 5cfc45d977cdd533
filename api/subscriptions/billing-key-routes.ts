/**
 * The card for subscription renewals, under /api/shoppings/billing-key (docs/LEDGER.md
 * "Subscriptions"): `POST request` answers what the browser SDK's `requestIssueBillingKey()` needs;
 * the site then posts the billing key PortOne's window gave it, which the API checks with PortOne
 * (issued, and issued to this member) before storing it. `GET` says whether a card is registered;
 * `DELETE` removes it (at PortOne too).
 */
import { Hono } from 'hono';
import {
  billingKey as billingKeySchema,
  billingKeyRequest,
  type BillingKey,
  type BillingKeyRequest,
} from '../../domain/answers/subscriptions.ts';
import { billingKeyBody } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { billingKeyOf, registerBillingKey, removeBillingKey } from './billing-keys.ts';
import { fail } from '../http/errors.ts';
import { sendResult } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { brandOffers } from '../http/features.ts';

export const billingKeys = new Hono<ApiEnv>()
  .get(
    '/billing-key',
    doc({
      tag: 'subscriptions',
      summary: 'Whether I registered a card for subscription renewals',
      responses: { 200: { description: '{ registered, registeredAt }', schema: billingKeySchema } },
    }),
    requireMember(),
    async (c) => {
      const card = await billingKeyOf(c.get('deps').database.db, me(c).id);
      const registeredAt = card?.updatedAt.toISOString() ?? null;
      return c.json({ registered: card !== null, registeredAt } satisfies BillingKey);
    },
  )
  .post(
    '/billing-key/request',
    doc({
      tag: 'subscriptions',
      summary: 'What the browser SDK’s requestIssueBillingKey() needs to register my card',
      responses: {
        200: {
          description:
            '{ request: { storeId, channelKey, billingKeyMethod, issueId, issueName, customer }, browserSdkUrl }',
          schema: billingKeyRequest,
        },
      },
      errors: ['payments_not_configured'],
    }),
    brandOffers('shop'),
    requireMember(),
    (c) => {
      const gateway = c.get('deps').payment;
      if (!gateway) return fail(c, 'payments_not_configured');
      c.header('Cache-Control', 'no-store');
      const answer = { request: gateway.billingKeyRequest(me(c).id), browserSdkUrl: gateway.browserSdkUrl };
      return c.json(answer satisfies BillingKeyRequest);
    },
  )
  .post(
    '/billing-key',
    doc({
      tag: 'subscriptions',
      summary:
        'Registers the card PortOne’s window issued (checked with PortOne: issued, and to me); replaces an earlier one',
      responses: { 200: { description: '{ registered: true, registeredAt }', schema: billingKeySchema } },
      errors: ['payments_not_configured', 'billing_key_invalid', 'gateway_unavailable'],
    }),
    requireMember(),
    body(billingKeyBody, { fields: { billingKey: 'billing_key_invalid' }, notObject: 'invalid_body' }),
    async (c) => {
      const { database, payment: gateway } = c.get('deps');
      if (!gateway) return fail(c, 'payments_not_configured');
      const result = await registerBillingKey(database.db, gateway, me(c).id, c.req.valid('json').billingKey);
      return sendResult(c, result, (r) => ({ registered: true, registeredAt: r.registeredAt }) satisfies BillingKey);
    },
  )
  .delete(
    '/billing-key',
    doc({
      tag: 'subscriptions',
      summary: 'Removes my card (monthly subscriptions then fail to renew)',
      responses: { 200: { description: '{ registered: false }', schema: billingKeySchema } },
      errors: ['payments_not_configured', 'gateway_unavailable'],
    }),
    requireMember(),
    async (c) => {
      const { database, payment: gateway } = c.get('deps');
      if (!gateway) return fail(c, 'payments_not_configured');
      const removed = await removeBillingKey(database.db, gateway, me(c).id);
      return sendResult(c, removed, () => ({ registered: false }) satisfies BillingKey);
    },
  );
