import { Hono } from 'hono';
import * as v from 'valibot';
import { DEFAULT_BRAND, type Brand } from '../../domain/brands.ts';
import { channelSettings } from '../../domain/answers/service.ts';
import type { ApiEnv } from '../app-env.ts';
import { requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { channelSettingsOf } from './platform-settings.ts';

function brandSettings(brand: Brand, locale: 'ko' | 'en') {
  return {
    id: brand.id,
    serviceName: brand.serviceName[locale],
    companyName: brand.companyName[locale],
    address: brand.address[locale],
    phone: brand.phone,
    email: brand.email,
    contactType: brand.contactType,
    seoKeywords: brand.seo.keywords[locale],
    seoDescription: brand.seo.description[locale],
    serviceUrl: brand.serviceUrl,
  };
}

/** `en` for English texts; anything else is Korean. */
export const brandQuery = v.object({ locale: v.optional(v.string()) });

/** `GET /api/guest/channel-settings` and `GET /api/guest/brand`. */
export const guestSettings = new Hono<ApiEnv>()
  .get(
    '/channel-settings',
    doc({
      tag: 'guest',
      summary:
        'The platform switches (broadcast, adult and adult-plus broadcasts, each social login) and, for a channel ' +
        'owner, their channel state and payout account',
      description:
        'adultBroadcast and adultPlusBroadcast say whether broadcasters may mark a channel adult / adult-plus (the ' +
        "channel's own marks are in GET /api/my/channel/profile). bank_account, bank_code and bank_holder_name " +
        'appear only for the signed-in owner of a channel (null until set). A change is announced to every chat ' +
        'connection as a `settings` event.',
      responses: {
        200: {
          description:
            '{ broadcast, broadcasting, adultBroadcast, adultPlusBroadcast, isSnsLoginKakao, isSnsLoginNaver, ' +
            'isSnsLoginGoogle, isSnsLoginTwitch, bank_*? }',
          schema: channelSettings,
        },
      },
    }),
    optionalMember(),
    async (c) => {
      const member = c.get('member');
      const settings = await channelSettingsOf(c.get('deps').database.db, member?.id ?? null);
      c.header('Cache-Control', 'private, no-store');
      return c.json(settings);
    },
  )
  .get(
    '/brand',
    doc({
      tag: 'guest',
      summary: 'The brand settings (SPEC §3) of the calling brand (x-brand from the worker); locale=en for English',
      responses: { 200: 'The brand settings' },
    }),
    query(brandQuery),
    (c) => c.json(brandSettings(requestBrand(c) ?? DEFAULT_BRAND, c.req.valid('query').locale === 'en' ? 'en' : 'ko')),
  );
