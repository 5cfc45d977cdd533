/** Channel subscriptions (SPEC §9, docs/LEDGER.md "Subscriptions"). */
import * as v from 'valibot';
import { recordId } from './money.ts';

/** monthly renews itself; 1month and 3months run once. Prices: SUBSCRIPTION_PRICE_* of domain/limits.ts. */
export const SUBSCRIPTION_PLANS = ['monthly', '1month', '3months'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const subscribeBody = v.object({ channelId: recordId, plan: v.picklist(SUBSCRIPTION_PLANS) });
