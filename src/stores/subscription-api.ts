/**
 * Calls of paid subscriptions (SPEC §4 statuses, §9 prices; docs/LEDGER.md "Subscriptions"), shared
 * by the channel page's subscribe control (subscription.ts) and My page's list (luv-history.ts).
 * Every call answers a value, never throws; the subscribe call carries its intent's Idempotency-Key.
 */
import { apiResult } from '../lib/api-client.ts';
import type { Subscription } from './subscription.ts';

export const subscriptionApi = {
  list: () => apiResult<{ list: Subscription[]; prices: Record<string, number> }>('/api/my/subscriptions'),
  subscribe: (body: { channelId: number; plan: string }, idempotencyKey: string) =>
    apiResult<{ subscription: Subscription }>('/api/my/subscriptions', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, silent: true }),
  cancelRenewal: (id: number) => apiResult<{ subscription: Subscription }>(`/api/my/subscriptions/${id}/cancel-renewal`, { method: 'POST', silent: true }),
  unsubscribe: (id: number) => apiResult<{ subscription: Subscription }>(`/api/my/subscriptions/${id}`, { method: 'DELETE', silent: true }),
  cardRegistered: () => apiResult<{ registered: boolean }>('/api/shoppings/billing-key'),
  cardRequest: () => apiResult<{ request: object; browserSdkUrl: string | null }>('/api/shoppings/billing-key/request', { method: 'POST', silent: true }),
  registerCard: (billingKey: string) =>
    apiResult<{ registered: boolean }>('/api/shoppings/billing-key', { method: 'POST', body: { billingKey }, silent: true }),
};
