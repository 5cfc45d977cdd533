/**
 * Broadcaster tools under /api/my (SPEC §6 channel owner): `GET|PUT /channel/profile` and
 * `POST /channel/luv-preset` answer 403 to members without a channel; `GET|POST /chennel-register`
 * (spelled so) applies for a channel; `POST /chennel-register/{loginId}/decision` is the operator's
 * (member type O) approval or rejection.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  channelApplied,
  channelDecided,
  channelProfile,
  channelProfileSaved,
  channelRegister,
  luvPresetsSaved,
  type ChannelApplied,
  type ChannelDecided,
  type ChannelProfileSaved,
  type ChannelRegister,
  type LuvPresetsSaved,
} from '../../domain/answers/channel-tools.ts';
import { BroadcastApproval } from '../../domain/enums.ts';
import { LOGIN_ID_LENGTH_MAX } from '../../domain/limits.ts';
import {
  channelDecisionBody,
  channelProfileBody,
  channelRegisterBody,
  luvPresetBody,
} from '../../domain/schemas/channel.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { readAuthSettings } from '../service/platform-settings.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { me, requireMember, requireOperator } from '../http/session.ts';
import {
  applyForChannel,
  channelProfileOf,
  decideChannel,
  saveChannelProfile,
  saveLuvPresets,
} from './channel-tools.ts';
import { broadcasterState, ownChannel, requireChannelOwner } from './channel-tools-state.ts';

export const channelToolRoutes = new Hono<ApiEnv>()
  .get(
    '/channel/profile',
    doc({
      tag: 'my',
      summary: "The owner's channel: title, adult settings, introduction, luv presets, followers and latest notices",
      responses: {
        200: {
          description:
            '{ channelId, loginId, nickname, title, broadcasting, adultBroadcast, adultPlusBroadcast, approval, ' +
            'introduction, presets, subscriptions, notices }',
          schema: channelProfile,
        },
      },
    }),
    requireMember(),
    requireChannelOwner(),
    async (c) => c.json(await channelProfileOf(c.get('deps').database.db, ownChannel(c), me(c))),
  )
  .put(
    '/channel/profile',
    doc({
      tag: 'my',
      summary:
        "Edits the owner's channel title, introduction and adult settings (adult needs an identity-verified owner " +
        "and the platform's adultBroadcast switch; adult-plus implies adult and needs adultPlusBroadcast too)",
      responses: {
        200: {
          description: '{ channelId, title, introduction, adultBroadcast?, adultPlusBroadcast? }',
          schema: channelProfileSaved,
        },
      },
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
      const { db } = c.get('deps').database;
      await saveChannelProfile(db, { channelId, memberId: me(c).id, title, introduction, adult });
      return c.json({ channelId, title, introduction, ...adult } satisfies ChannelProfileSaved);
    },
  )
  .post(
    '/channel/luv-preset',
    doc({
      tag: 'my',
      summary: "Saves the channel's one-tap gift amounts (kept sorted)",
      responses: { 200: { description: '{ channelId, presets }', schema: luvPresetsSaved } },
    }),
    requireMember(),
    requireChannelOwner(),
    body(luvPresetBody),
    async (c) => {
      const presets = [...c.req.valid('json').presets].sort((a, b) => a - b);
      await saveLuvPresets(c.get('deps').database.db, me(c).id, presets);
      return c.json({ channelId: ownChannel(c), presets } satisfies LuvPresetsSaved);
    },
  )
  .get(
    '/chennel-register',
    doc({
      tag: 'my',
      summary:
        "The caller's channel application: approval 0 unapplied, 1 requested, 2 approved (owns a channel), 3 rejected",
      responses: { 200: { description: '{ approval, channelId, channelTitle, appliedAt }', schema: channelRegister } },
    }),
    requireMember(),
    async (c) => {
      const state = await broadcasterState(c.get('deps').database.db, me(c).id);
      return c.json({
        approval: state.approval,
        channelId: state.channelId,
        channelTitle: state.profile?.channelTitle ?? null,
        appliedAt: state.profile?.appliedAt?.toISOString() ?? null,
      } satisfies ChannelRegister);
    },
  )
  .post(
    '/chennel-register',
    doc({
      tag: 'my',
      summary: 'Applies for a channel (again after a rejection)',
      responses: { 201: { description: '{ approval: 1 }', schema: channelApplied } },
      errors: ['already_approved', 'already_requested'],
    }),
    requireMember(),
    body(channelRegisterBody),
    async (c) => {
      const applied = await applyForChannel(c.get('deps').database.db, me(c).id, c.req.valid('json'));
      if (!applied.ok) return fail(c, applied.code);
      return c.json({ approval: BroadcastApproval.requested } satisfies ChannelApplied, 201);
    },
  )
  .post(
    '/chennel-register/:loginId/decision',
    doc({
      tag: 'my',
      summary: 'Approves (creating the channel) or rejects a channel application (operators)',
      responses: { 200: { description: '{ approval, channelId }', schema: channelDecided } },
      errors: ['not_found'],
    }),
    requireOperator(),
    params(v.object({ loginId: v.pipe(v.string(), v.maxLength(LOGIN_ID_LENGTH_MAX)) }), { invalid: 'not_found' }),
    body(channelDecisionBody),
    async (c) => {
      const { db } = c.get('deps').database;
      const decided = await decideChannel(db, c.req.valid('param').loginId, c.req.valid('json').approve);
      if (!decided.ok) return fail(c, decided.code, { messageKey: 'error_not_found_application' });
      const { approval, channelId } = decided;
      return c.json({ approval, channelId } satisfies ChannelDecided);
    },
  );
