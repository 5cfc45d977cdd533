import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { captchaSettingsFor, newCaptchaChallenge } from '../../providers/captcha/altcha.ts';
import { clientIp, perIpRule, rateLimiterOf, type LimitRule } from '../../rate-limit.ts';
import { countriesFor } from '../../../domain/countries.ts';
import { apiErrorBody } from '../../../domain/errors.ts';

/** Data the sign-up forms load: `GET /api/guest/captcha` (an ALTCHA challenge) and `GET /api/guest/countries?locale=`. */
export const guestForms = new Hono<ApiEnv>();

export const CAPTCHAS_PER_IP: LimitRule = { limit: 60, windowMs: 10 * 60_000 };

guestForms.get('/captcha', async (c) => {
  const deps = c.get('deps');
  const wait = rateLimiterOf(deps).take(`captcha:${clientIp(c.req.header('x-forwarded-for'))}`, perIpRule(CAPTCHAS_PER_IP, deps));
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json(apiErrorBody('too_many_attempts'), 429);
  }
  c.header('Cache-Control', 'no-store');
  return c.json(await newCaptchaChallenge(deps.config.jwtSecret, captchaSettingsFor(deps.config.platformEnv)));
});

guestForms.get('/countries', (c) => {
  const locale = c.req.query('locale') === 'en' ? 'en' : 'ko';
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json({ countries: countriesFor(locale) });
});
