/**
 * Broadcaster tools under /api/my (SPEC §6 channel owner): `GET|PUT /channel/profile` and
 * `POST /channel/luv-preset` answer 403 to members without a channel; `GET|POST /chennel-register`
 * (spelled so) applies for a channel; `POST /chennel-register/{loginId}/decision` is the operator's
 * (member type O) approval or rejection.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BroadcastApproval, MemberType } from '../../../domain/enums.ts';
import type { ApiEnv } from '../../app-env.ts';
import { broadcasterProfiles, channelFollows, channelNotices, channels } from '../../db/schema/index.ts';
import { memberIdByLoginId } from '../messages/blacklist.ts';
import { broadcasterState } from './channel-tools-state.ts';
import { fail, forbidden, me, notFound, readInput, textField, type Ctx } from '../cs/cs-http.ts';
import { requireMember } from '../session.ts';

export const LUV_PRESET_SIZE_MAX = 8;
export const LUV_PRESET_AMOUNT_MAX = 100_000;
const notOwner = (c: Ctx) => fail(c, 403, 'not_channel_owner', 'Only a channel owner can use the broadcaster tools.');

export const channelToolRoutes = new Hono<ApiEnv>();
channelToolRoutes.use('/channel/profile', requireMember());
channelToolRoutes.use('/channel/luv-preset', requireMember());
channelToolRoutes.use('/chennel-register', requireMember());
channelToolRoutes.use('/chennel-register/*', requireMember());

channelToolRoutes.get('/channel/profile', async (c) => {
  const { db } = c.get('deps').database;
  const state = await broadcasterState(db, me(c).id);
  if (!state.channelId) return notOwner(c);
  const [channel] = await db.select().from(channels).where(eq(channels.id, state.channelId));
  const notices = await db.select().from(channelNotices).where(eq(channelNotices.channelId, state.channelId)).orderBy(desc(channelNotices.id)).limit(20);
  const [followers] = await db.select({ n: count() }).from(channelFollows).where(eq(channelFollows.channelId, state.channelId));
  return c.json({
    channelId: state.channelId,
    loginId: me(c).loginId,
    nickname: me(c).nickname,
    title: channel!.title,
    broadcasting: channel!.broadcasting,
    adultBroadcast: channel!.adultBroadcast,
    adultPlusBroadcast: channel!.adultPlusBroadcast,
    approval: state.approval,
    introduction: state.profile?.introduction ?? '',
    presets: state.profile?.luvPreset ?? [],
    subscriptions: followers?.n ?? 0,
    notices: notices.map((n) => ({ noticeId: n.id, title: n.title, content: n.content, createdAt: n.createdAt, updatedAt: n.updatedAt })),
  });
});

const profileSchema = v.object({
  title: textField(50),
  introduction: v.optional(textField(500, 0), ''),
  adultBroadcast: v.optional(v.boolean()),
  adultPlusBroadcast: v.optional(v.boolean()),
});

/** Adult settings (SPEC §6) need an identity-verified owner; adult-plus implies adult. */
channelToolRoutes.put('/channel/profile', async (c) => {
  const input = await readInput(c, profileSchema);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const state = await broadcasterState(db, me(c).id);
  if (!state.channelId) return notOwner(c);
  const { title, introduction, adultBroadcast, adultPlusBroadcast } = input.data;
  if ((adultBroadcast || adultPlusBroadcast) && !me(c).identityVerified) {
    return fail(c, 403, 'identity_verification_required', 'Verify your identity before opening an adult broadcast.');
  }
  const adult =
    adultBroadcast === undefined && adultPlusBroadcast === undefined
      ? {}
      : { adultBroadcast: !!(adultBroadcast || adultPlusBroadcast), adultPlusBroadcast: !!adultPlusBroadcast };
  await db.transaction(async (tx) => {
    await tx
      .update(channels)
      .set({ title, ...adult })
      .where(eq(channels.id, state.channelId!));
    await tx
      .insert(broadcasterProfiles)
      .values({ memberId: me(c).id, approval: BroadcastApproval.approved, introduction })
      .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: { introduction, updatedAt: sql`now()` } });
  });
  return c.json({ channelId: state.channelId, title, introduction, ...adult });
});

const presetSchema = v.object({
  presets: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LUV_PRESET_AMOUNT_MAX))),
    v.minLength(1),
    v.maxLength(LUV_PRESET_SIZE_MAX),
    v.check((a) => new Set(a).size === a.length, 'duplicate amounts'),
  ),
});

channelToolRoutes.post('/channel/luv-preset', async (c) => {
  const input = await readInput(c, presetSchema);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const state = await broadcasterState(db, me(c).id);
  if (!state.channelId) return notOwner(c);
  const presets = [...input.data.presets].sort((a, b) => a - b);
  await db
    .insert(broadcasterProfiles)
    .values({ memberId: me(c).id, approval: BroadcastApproval.approved, luvPreset: presets })
    .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: { luvPreset: presets, updatedAt: sql`now()` } });
  return c.json({ channelId: state.channelId, presets });
});

channelToolRoutes.get('/chennel-register', async (c) => {
  const state = await broadcasterState(c.get('deps').database.db, me(c).id);
  return c.json({
    approval: state.approval,
    channelId: state.channelId,
    channelTitle: state.profile?.channelTitle ?? null,
    appliedAt: state.profile?.appliedAt ?? null,
  });
});

channelToolRoutes.post('/chennel-register', async (c) => {
  const input = await readInput(c, v.object({ channelTitle: textField(50), introduction: v.optional(textField(500, 0), '') }));
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const state = await broadcasterState(db, me(c).id);
  if (state.approval === BroadcastApproval.approved) return fail(c, 409, 'already_approved', 'You already have a channel.');
  if (state.approval === BroadcastApproval.requested) return fail(c, 409, 'already_requested', 'Your application is waiting for review.');
  const values = {
    approval: BroadcastApproval.requested,
    channelTitle: input.data.channelTitle,
    introduction: input.data.introduction,
    appliedAt: new Date(),
    updatedAt: new Date(),
  };
  await db
    .insert(broadcasterProfiles)
    .values({ memberId: me(c).id, ...values })
    .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: values });
  return c.json({ approval: BroadcastApproval.requested }, 201);
});

channelToolRoutes.post('/chennel-register/:loginId/decision', async (c) => {
  if (me(c).memberType !== MemberType.operator) return forbidden(c, 'Only an operator can decide on channel applications.');
  const input = await readInput(c, v.object({ approve: v.boolean() }));
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const memberId = await memberIdByLoginId(db, c.req.param('loginId').slice(0, 15));
  const state = memberId ? await broadcasterState(db, memberId) : null;
  if (!memberId || !state || state.approval !== BroadcastApproval.requested) return notFound(c, 'application');
  const approval = input.data.approve ? BroadcastApproval.approved : BroadcastApproval.rejected;
  const channelId = await db.transaction(async (tx) => {
    await tx.update(broadcasterProfiles).set({ approval, updatedAt: new Date() }).where(eq(broadcasterProfiles.memberId, memberId));
    if (!input.data.approve) return null;
    const [row] = await tx
      .insert(channels)
      .values({ ownerId: memberId, title: state.profile?.channelTitle ?? '' })
      .returning({ id: channels.id });
    return row!.id;
  });
  return c.json({ approval, channelId });
});
