import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { captchaSettingsFor, newCaptchaChallenge } from '../providers/captcha/altcha.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { countriesFor } from '../../domain/countries.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';

export const CAPTCHAS_PER_IP: LimitRule = { limit: 60, windowMs: 10 * 60_000 };

/** `en` for English names; anything else is Korean. */
export const countriesQuery = v.object({ locale: v.optional(v.string()) });

/** Data the sign-up forms load: an ALTCHA challenge and the country calling codes. */
export const guestForms = new Hono<ApiEnv>()
  .get(
    '/captcha',
    doc({
      tag: 'guest',
      summary: 'An ALTCHA challenge for the phone verification (a few seconds of browser work, 10 minutes)',
      responses: { 200: 'The challenge, as the ALTCHA widget reads it' },
      errors: ['too_many_attempts'],
    }),
    async (c) => {
      const deps = c.get('deps');
      const wait = deps.rateLimiter.take(
        `captcha:${clientIp(c.req.header('x-forwarded-for'))}`,
        perIpRule(CAPTCHAS_PER_IP, deps),
      );
      if (wait > 0) return fail(c, 'too_many_attempts', { headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
      c.header('Cache-Control', 'no-store');
      return c.json(await newCaptchaChallenge(deps.config.jwtSecret, captchaSettingsFor(deps.config.platformEnv)));
    },
  )
  .get(
    '/countries',
    doc({
      tag: 'guest',
      summary: 'Country calling codes, sorted by name in the locale',
      responses: { 200: '{ countries: [{ iso, phoneCode, countryName }] }' },
    }),
    query(countriesQuery),
    (c) => {
      const locale = c.req.valid('query').locale === 'en' ? 'en' : 'ko';
      c.header('Cache-Control', 'public, max-age=86400');
      return c.json({ countries: countriesFor(locale) });
    },
  );
