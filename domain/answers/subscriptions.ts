/** Answers of paid subscriptions (`/api/my/subscriptions*`, `/api/shoppings/billing-key*`; api/subscriptions/). */
import * as v from 'valibot';
import { instant, int, listPage } from './fields.ts';

/** A subscription (api/subscriptions/subscription-flow.ts `subscriptionView()`). */
export const subscription = v.object({
  subscriptionId: int,
  channelId: int,
  /** `monthly`, `1month` or `3months`. */
  plan: v.string(),
  priceWon: int,
  status: int,
  periodStart: v.nullable(instant),
  periodEnd: v.nullable(instant),
  /** The channel owner's (in the member's own list) or the subscriber's (in the owner's list). */
  loginId: v.optional(v.string()),
  nickname: v.optional(v.string()),
});
export type Subscription = v.InferOutput<typeof subscription>;

/** `GET /api/my/subscriptions`: mine, with the channel owner's names, and the plans' prices in won. */
export const mySubscriptions = v.object({ list: v.array(subscription), prices: v.record(v.string(), int) });
export type MySubscriptions = v.InferOutput<typeof mySubscriptions>;

/** `POST /api/my/subscriptions`, `…/{id}/cancel-renewal`, `DELETE …/{id}`. */
export const subscriptionChanged = v.object({ subscription });
export type SubscriptionChanged = v.InferOutput<typeof subscriptionChanged>;

/** `GET` and `POST /api/shoppings/billing-key` (a `DELETE` answers `{ registered: false }`). */
export const billingKey = v.object({ registered: v.boolean(), registeredAt: v.optional(v.nullable(instant)) });
export type BillingKey = v.InferOutput<typeof billingKey>;

/** `POST /api/shoppings/billing-key/request`: what PortOne's card window needs. */
export const billingKeyRequest = v.object({ request: v.looseObject({}), browserSdkUrl: v.nullable(v.string()) });
export type BillingKeyRequest = v.InferOutput<typeof billingKeyRequest>;

/**
 * `GET /api/my/channel-subscription-list` (api/subscriptions/channel-subscribers.ts): the paid
 * subscribers of the owner's channel with their names, all of them counted, and the running ones.
 */
export const channelSubscribers = v.object({ ...listPage(subscription).entries, total: int, active: int });
export type ChannelSubscribers = v.InferOutput<typeof channelSubscribers>;
