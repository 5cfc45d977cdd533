/**
 * Calls of paid subscriptions (SPEC §4 statuses, §9 prices; docs/LEDGER.md "Subscriptions"), shared
 * by the channel page's subscribe control (subscription.ts) and My page's list (luv-history.ts).
 * Every call answers a value, never throws; the subscribe call carries its intent's Idempotency-Key.
 */
import type {
  BillingKey,
  BillingKeyRequest,
  MySubscriptions,
  SubscriptionChanged,
} from '../../domain/answers/subscriptions.ts';
import { apiResult } from '../lib/api-client.ts';

export const subscriptionApi = {
  list: () => apiResult<MySubscriptions>('/api/my/subscriptions'),
  subscribe: (body: { channelId: number; plan: string }, idempotencyKey: string) =>
    apiResult<SubscriptionChanged>('/api/my/subscriptions', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      silent: true,
    }),
  cancelRenewal: (id: number) =>
    apiResult<SubscriptionChanged>(`/api/my/subscriptions/${id}/cancel-renewal`, { method: 'POST', silent: true }),
  unsubscribe: (id: number) =>
    apiResult<SubscriptionChanged>(`/api/my/subscriptions/${id}`, { method: 'DELETE', silent: true }),
  cardRegistered: () => apiResult<BillingKey>('/api/shoppings/billing-key'),
  cardRequest: () =>
    apiResult<BillingKeyRequest>('/api/shoppings/billing-key/request', { method: 'POST', silent: true }),
  registerCard: (billingKey: string) =>
    apiResult<BillingKey>('/api/shoppings/billing-key', { method: 'POST', body: { billingKey }, silent: true }),
};
