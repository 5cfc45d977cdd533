import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { authSettings, channels, payoutAccounts } from '../../db/schema/index.ts';
import { brandById, DEFAULT_BRAND, isBrandId, type Brand } from '../../../domain/brands.ts';
import { optionalMember } from '../session.ts';

/** `GET /api/guest/channel-settings` and `GET /api/guest/brand`. */
export const guestSettings = new Hono<ApiEnv>();

const DEFAULT_SWITCHES = { broadcast: true, isSnsLoginKakao: true, isSnsLoginNaver: true, isSnsLoginGoogle: true, isSnsLoginTwitch: true };

export async function readAuthSettings(db: Db) {
  const [row] = await db.select().from(authSettings).where(eq(authSettings.id, 1));
  if (!row) return DEFAULT_SWITCHES;
  const { id: _id, ...switches } = row;
  return switches;
}

/**
 * Channel settings (SPEC §3): the platform switches, plus the caller's own channel state when the
 * caller owns one; the bank fields appear only then (owner only, docs/ARCHITECTURE.md).
 */
guestSettings.get('/channel-settings', optionalMember(), async (c) => {
  const db = c.get('deps').database.db;
  const switches = await readAuthSettings(db);
  const member = c.get('member');
  const [channel] = member ? await db.select().from(channels).where(eq(channels.ownerId, member.id)) : [];
  const body = {
    broadcast: switches.broadcast,
    broadcasting: channel?.broadcasting ?? false,
    adultBroadcast: channel?.adultBroadcast ?? false,
    adultPlusBroadcast: channel?.adultPlusBroadcast ?? false,
    isSnsLoginKakao: switches.isSnsLoginKakao,
    isSnsLoginNaver: switches.isSnsLoginNaver,
    isSnsLoginGoogle: switches.isSnsLoginGoogle,
    isSnsLoginTwitch: switches.isSnsLoginTwitch,
  };
  c.header('Cache-Control', 'private, no-store');
  if (!member || !channel) return c.json(body);
  const [bank] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, member.id));
  return c.json({ ...body, bank_account: bank?.bankAccount ?? null, bank_code: bank?.bankCode ?? null, bank_holder_name: bank?.bankHolderName ?? null });
});

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

/** Brand settings (SPEC §3) of the brand the worker names in `x-brand`; `?locale=en` for English. */
guestSettings.get('/brand', (c) => {
  const id = c.req.header('x-brand') ?? '';
  const brand = isBrandId(id) ? brandById(id) : DEFAULT_BRAND;
  const locale = c.req.query('locale') === 'en' ? 'en' : 'ko';
  return c.json(brandSettings(brand, locale));
});
