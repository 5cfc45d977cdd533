/**
 * The API side of the brand `features` flags (domain/brand-features.ts): a route that belongs to a
 * feature answers 403 `feature_unavailable` on a brand without it, first thing after doc(), before
 * the caller is loaded, the input read or anything counted, sent or stored.
 */
import type { MiddlewareHandler } from 'hono';
import { offers, type Feature } from '../../domain/brand-features.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail, requestBrand } from './errors.ts';
import { documented, ERROR_CODES_KEY } from './request.ts';

/**
 * Lets the request through when its brand (`x-brand` from the worker; main when absent) has `feature`.
 * The document lists the refusal and the feature (`x-brand-feature`) on every route it guards.
 */
export function brandOffers(feature: Feature): MiddlewareHandler<ApiEnv> {
  return documented(
    async function brandOffersFeature(c, next) {
      const brand = requestBrand(c);
      if (brand && !offers(brand, feature)) return fail(c, 'feature_unavailable');
      await next();
    },
    { [ERROR_CODES_KEY]: ['feature_unavailable'], 'x-brand-feature': feature },
  );
}
