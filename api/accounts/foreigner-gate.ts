import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { fail, requestBrand } from '../http/errors.ts';
import { documented, ERROR_CODES_KEY, readBody } from '../http/request.ts';

/**
 * Refuses the foreigner sign-up path on a brand without it (domain/brands.ts
 * `features.foreignerSignup`: the partner brands) with 403 `feature_unavailable`, before the body
 * is validated, counted or stored. `isForeigner` tells from the body whether the call is part of
 * that path; a body that cannot be read is left to the route's validator.
 */
export function foreignerSignupOffered(
  isForeigner: (body: Record<string, unknown>) => boolean,
): MiddlewareHandler<ApiEnv> {
  return documented(
    async function foreignerSignupOffered(c, next) {
      const brand = requestBrand(c);
      if (brand && !brand.features.foreignerSignup) {
        const parsed = await readBody(c);
        if (parsed.ok && isForeigner(parsed.data)) return fail(c, 'feature_unavailable');
      }
      await next();
    },
    { [ERROR_CODES_KEY]: ['feature_unavailable'], 'x-brand-feature': 'foreignerSignup' },
  );
}
