import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { authSettings, channels, payoutAccounts } from '../db/schema/index.ts';
import { DEFAULT_BRAND, type Brand } from '../../domain/brands.ts';
import { requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';

const DEFAULT_SWITCHES = {
  broadcast: true,
  adultBroadcast: true,
  adultPlusBroadcast: true,
  isSnsLoginKakao: true,
  isSnsLoginNaver: true,
  isSnsLoginGoogle: true,
  isSnsLoginTwitch: true,
};

export async function readAuthSettings(db: Db) {
  const [row] = await db.select().from(authSettings).where(eq(authSettings.id, 1));
  if (!row) return DEFAULT_SWITCHES;
  const { id: _id, ...switches } = row;
  return switches;
}

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
        'The platform switches (broadcast, adult and adult-plus broadcasts, each social login) and, for a channel owner, their channel state and payout account',
      description:
        "adultBroadcast and adultPlusBroadcast say whether broadcasters may mark a channel adult / adult-plus (the channel's own marks are in GET /api/my/channel/profile). bank_account, bank_code and bank_holder_name appear only for the signed-in owner of a channel (null until set). A change is announced to every chat connection as a `settings` event.",
      responses: {
        200: '{ broadcast, broadcasting, adultBroadcast, adultPlusBroadcast, isSnsLoginKakao, isSnsLoginNaver, isSnsLoginGoogle, isSnsLoginTwitch, bank_*? }',
      },
    }),
    optionalMember(),
    async (c) => {
      const db = c.get('deps').database.db;
      const switches = await readAuthSettings(db);
      const member = c.get('member');
      const [channel] = member ? await db.select().from(channels).where(eq(channels.ownerId, member.id)) : [];
      const body = {
        broadcast: switches.broadcast,
        broadcasting: channel?.broadcasting ?? false,
        adultBroadcast: switches.adultBroadcast,
        adultPlusBroadcast: switches.adultPlusBroadcast,
        isSnsLoginKakao: switches.isSnsLoginKakao,
        isSnsLoginNaver: switches.isSnsLoginNaver,
        isSnsLoginGoogle: switches.isSnsLoginGoogle,
        isSnsLoginTwitch: switches.isSnsLoginTwitch,
      };
      c.header('Cache-Control', 'private, no-store');
      if (!member || !channel) return c.json(body);
      const [bank] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, member.id));
      return c.json({ ...body, bank_account: bank?.bankAccount ?? null, bank_code: bank?.bankCode ?? null, bank_holder_name: bank?.bankHolderName ?? null });
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
