/**
 * Broadcaster tools under /api/my (SPEC §6 channel owner): `GET|PUT /channel/profile` and
 * `POST /channel/luv-preset` answer 403 to members without a channel; `GET|POST /chennel-register`
 * (spelled so) applies for a channel; `POST /chennel-register/{loginId}/decision` is the operator's
 * (member type O) approval or rejection.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BroadcastApproval } from '../../domain/enums.ts';
import { LOGIN_ID_LENGTH_MAX } from '../../domain/limits.ts';
import { channelDecisionBody, channelProfileBody, channelRegisterBody, luvPresetBody } from '../../domain/schemas/channel.ts';
import type { ApiEnv } from '../app-env.ts';
import { broadcasterProfiles, channelFollows, channelNotices, channels } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { readAuthSettings } from '../service/platform-settings.ts';
import { memberIdByLoginId } from '../messages/blacklist.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { me, requireMember, requireOperator } from '../http/session.ts';
import { broadcasterState, ownChannel, requireChannelOwner } from './channel-tools-state.ts';

const CHANNEL_NOTICES_SHOWN = 20;

export const channelToolRoutes = new Hono<ApiEnv>()
  .get(
    '/channel/profile',
    doc({
      tag: 'my',
      summary: "The owner's channel: title, adult settings, introduction, luv presets, followers and latest notices",
      responses: {
        200: '{ channelId, loginId, nickname, title, broadcasting, adultBroadcast, adultPlusBroadcast, approval, introduction, presets, subscriptions, notices }',
      },
    }),
    requireMember(),
    requireChannelOwner(),
    async (c) => {
      const channelId = ownChannel(c);
      const { db } = c.get('deps').database;
      const state = await broadcasterState(db, me(c).id);
      const [channel] = await db.select().from(channels).where(eq(channels.id, channelId));
      const notices = await db
        .select()
        .from(channelNotices)
        .where(eq(channelNotices.channelId, channelId))
        .orderBy(desc(channelNotices.id))
        .limit(CHANNEL_NOTICES_SHOWN);
      const [followers] = await db.select({ n: count() }).from(channelFollows).where(eq(channelFollows.channelId, channelId));
      return c.json({
        channelId,
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
    },
  )
  .put(
    '/channel/profile',
    doc({
      tag: 'my',
      summary:
        "Edits the owner's channel title, introduction and adult settings (adult needs an identity-verified owner and the platform's adultBroadcast switch; adult-plus implies adult and needs adultPlusBroadcast too)",
      responses: { 200: '{ channelId, title, introduction, adultBroadcast?, adultPlusBroadcast? }' },
      errors: ['identity_verification_required', 'adult_broadcast_disabled', 'adult_plus_broadcast_disabled'],
    }),
    requireMember(),
    requireChannelOwner(),
    body(channelProfileBody),
    async (c) => {
      const channelId = ownChannel(c);
      const { title, introduction, adultBroadcast, adultPlusBroadcast } = c.req.valid('json');
      // SPEC §6: the marks exist only while the platform's channel settings offer them.
      if (adultBroadcast || adultPlusBroadcast) {
        const switches = await readAuthSettings(c.get('deps').database.db);
        if (adultPlusBroadcast && !switches.adultPlusBroadcast) return fail(c, 'adult_plus_broadcast_disabled');
        if (!switches.adultBroadcast) return fail(c, 'adult_broadcast_disabled');
      }
      if ((adultBroadcast || adultPlusBroadcast) && !me(c).identityVerified)
        return fail(c, 'identity_verification_required', { messageKey: 'error_identity_verification_required_adult' });
      const adult =
        adultBroadcast === undefined && adultPlusBroadcast === undefined
          ? {}
          : { adultBroadcast: !!(adultBroadcast || adultPlusBroadcast), adultPlusBroadcast: !!adultPlusBroadcast };
      await c.get('deps').database.db.transaction(async (tx) => {
        await tx
          .update(channels)
          .set({ title, ...adult })
          .where(eq(channels.id, channelId));
        await tx
          .insert(broadcasterProfiles)
          .values({ memberId: me(c).id, approval: BroadcastApproval.approved, introduction })
          .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: { introduction, updatedAt: sql`now()` } });
      });
      return c.json({ channelId, title, introduction, ...adult });
    },
  )
  .post(
    '/channel/luv-preset',
    doc({ tag: 'my', summary: "Saves the channel's one-tap gift amounts (kept sorted)", responses: { 200: '{ channelId, presets }' } }),
    requireMember(),
    requireChannelOwner(),
    body(luvPresetBody),
    async (c) => {
      const presets = [...c.req.valid('json').presets].sort((a, b) => a - b);
      await c
        .get('deps')
        .database.db.insert(broadcasterProfiles)
        .values({ memberId: me(c).id, approval: BroadcastApproval.approved, luvPreset: presets })
        .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: { luvPreset: presets, updatedAt: sql`now()` } });
      return c.json({ channelId: ownChannel(c), presets });
    },
  )
  .get(
    '/chennel-register',
    doc({
      tag: 'my',
      summary: "The caller's channel application: approval 0 unapplied, 1 requested, 2 approved (owns a channel), 3 rejected",
      responses: { 200: '{ approval, channelId, channelTitle, appliedAt }' },
    }),
    requireMember(),
    async (c) => {
      const state = await broadcasterState(c.get('deps').database.db, me(c).id);
      return c.json({
        approval: state.approval,
        channelId: state.channelId,
        channelTitle: state.profile?.channelTitle ?? null,
        appliedAt: state.profile?.appliedAt ?? null,
      });
    },
  )
  .post(
    '/chennel-register',
    doc({
      tag: 'my',
      summary: 'Applies for a channel (again after a rejection)',
      responses: { 201: '{ approval: 1 }' },
      errors: ['already_approved', 'already_requested'],
    }),
    requireMember(),
    body(channelRegisterBody),
    async (c) => {
      const input = c.req.valid('json');
      const { db } = c.get('deps').database;
      const state = await broadcasterState(db, me(c).id);
      if (state.approval === BroadcastApproval.approved) return fail(c, 'already_approved');
      if (state.approval === BroadcastApproval.requested) return fail(c, 'already_requested');
      const values = { approval: BroadcastApproval.requested, ...input, appliedAt: new Date(), updatedAt: new Date() };
      await db
        .insert(broadcasterProfiles)
        .values({ memberId: me(c).id, ...values })
        .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: values });
      return c.json({ approval: BroadcastApproval.requested }, 201);
    },
  )
  .post(
    '/chennel-register/:loginId/decision',
    doc({
      tag: 'my',
      summary: 'Approves (creating the channel) or rejects a channel application (operators)',
      responses: { 200: '{ approval, channelId }' },
      errors: ['not_found'],
    }),
    requireOperator(),
    params(v.object({ loginId: v.pipe(v.string(), v.maxLength(LOGIN_ID_LENGTH_MAX)) }), { invalid: 'not_found' }),
    body(channelDecisionBody),
    async (c) => {
      const { approve } = c.req.valid('json');
      const { db } = c.get('deps').database;
      const memberId = await memberIdByLoginId(db, c.req.valid('param').loginId);
      const state = memberId ? await broadcasterState(db, memberId) : null;
      if (!memberId || !state || state.approval !== BroadcastApproval.requested) return fail(c, 'not_found', { messageKey: 'error_not_found_application' });
      const approval = approve ? BroadcastApproval.approved : BroadcastApproval.rejected;
      const channelId = await db.transaction(async (tx) => {
        await tx.update(broadcasterProfiles).set({ approval, updatedAt: new Date() }).where(eq(broadcasterProfiles.memberId, memberId));
        if (!approve) return null;
        const [row] = await tx
          .insert(channels)
          .values({ ownerId: memberId, title: state.profile?.channelTitle ?? '' })
          .returning({ id: channels.id });
        return row!.id;
      });
      return c.json({ approval, channelId });
    },
  );
