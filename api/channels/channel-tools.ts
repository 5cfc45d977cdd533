/**
 * The broadcaster tools' reads and writes (SPEC §6 channel owner): the owner's channel page, its
 * title, introduction, adult marks and luv presets, and the channel applications an operator decides.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { ChannelProfile } from '../../domain/answers/channel-tools.ts';
import { BroadcastApproval } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { broadcasterProfiles, channelFollows, channelNotices, channels } from '../db/schema/index.ts';
import { memberIdByLoginId } from '../messages/blacklist.ts';
import { broadcasterState } from './channel-tools-state.ts';

const CHANNEL_NOTICES_SHOWN = 20;

/** The owner (`memberId`, shown as `loginId`/`nickname`) of `channelId`: the channel, followers and latest notices. */
export async function channelProfileOf(
  db: Db,
  channelId: number,
  owner: { id: number; loginId: string; nickname: string },
): Promise<ChannelProfile> {
  const state = await broadcasterState(db, owner.id);
  const [channel] = await db.select().from(channels).where(eq(channels.id, channelId));
  const notices = await db
    .select()
    .from(channelNotices)
    .where(eq(channelNotices.channelId, channelId))
    .orderBy(desc(channelNotices.id))
    .limit(CHANNEL_NOTICES_SHOWN);
  const [followers] = await db
    .select({ n: count() })
    .from(channelFollows)
    .where(eq(channelFollows.channelId, channelId));
  return {
    channelId,
    loginId: owner.loginId,
    nickname: owner.nickname,
    title: channel!.title,
    broadcasting: channel!.broadcasting,
    adultBroadcast: channel!.adultBroadcast,
    adultPlusBroadcast: channel!.adultPlusBroadcast,
    approval: state.approval,
    introduction: state.profile?.introduction ?? '',
    presets: state.profile?.luvPreset ?? [],
    subscriptions: followers?.n ?? 0,
    notices: notices.map((n) => ({
      noticeId: n.id,
      title: n.title,
      content: n.content,
      createdAt: n.createdAt.toISOString(),
      updatedAt: n.updatedAt.toISOString(),
    })),
  };
}

/** The adult marks to set: none when neither was sent; adult-plus implies adult. */
export type AdultMarks = { adultBroadcast?: boolean; adultPlusBroadcast?: boolean };

/** An owner's edit of their channel (`channelId`, theirs as `memberId`). */
export interface ChannelProfileEdit {
  channelId: number;
  memberId: number;
  title: string;
  introduction: string;
  adult: AdultMarks;
}

/** Saves the owner's channel title and adult marks and their introduction, in one transaction. */
export async function saveChannelProfile(
  db: Db,
  { channelId, memberId, title, introduction, adult }: ChannelProfileEdit,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(channels)
      .set({ title, ...adult })
      .where(eq(channels.id, channelId));
    await tx
      .insert(broadcasterProfiles)
      .values({ memberId, approval: BroadcastApproval.approved, introduction })
      .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: { introduction, updatedAt: sql`now()` } });
  });
}

/** Saves the owner's one-tap gift amounts (`presets`, already sorted). */
export async function saveLuvPresets(db: Db, memberId: number, presets: number[]): Promise<void> {
  await db
    .insert(broadcasterProfiles)
    .values({ memberId, approval: BroadcastApproval.approved, luvPreset: presets })
    .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: { luvPreset: presets, updatedAt: sql`now()` } });
}

/** What a member writes when applying for a channel (domain/schemas/channel.ts `channelRegisterBody`). */
export type ChannelApplication = Omit<
  typeof broadcasterProfiles.$inferInsert,
  'memberId' | 'approval' | 'appliedAt' | 'updatedAt'
>;

/** Applies for a channel (again after a rejection); refused while approved or already requested. */
export async function applyForChannel(
  db: Db,
  memberId: number,
  input: ChannelApplication,
): Promise<{ ok: true } | { ok: false; code: 'already_approved' | 'already_requested' }> {
  const state = await broadcasterState(db, memberId);
  if (state.approval === BroadcastApproval.approved) return { ok: false, code: 'already_approved' };
  if (state.approval === BroadcastApproval.requested) return { ok: false, code: 'already_requested' };
  const values = { approval: BroadcastApproval.requested, ...input, appliedAt: new Date(), updatedAt: new Date() };
  await db
    .insert(broadcasterProfiles)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: broadcasterProfiles.memberId, set: values });
  return { ok: true };
}

/**
 * Approves (creating the channel) or rejects the waiting application of `loginId`; `not_found` when
 * there is no such member or no application waits.
 */
export async function decideChannel(
  db: Db,
  loginId: string,
  approve: boolean,
): Promise<{ ok: true; approval: number; channelId: number | null } | { ok: false; code: 'not_found' }> {
  const memberId = await memberIdByLoginId(db, loginId);
  const state = memberId ? await broadcasterState(db, memberId) : null;
  if (!memberId || !state || state.approval !== BroadcastApproval.requested) return { ok: false, code: 'not_found' };
  const approval = approve ? BroadcastApproval.approved : BroadcastApproval.rejected;
  const channelId = await db.transaction(async (tx) => {
    await tx
      .update(broadcasterProfiles)
      .set({ approval, updatedAt: new Date() })
      .where(eq(broadcasterProfiles.memberId, memberId));
    if (!approve) return null;
    const [row] = await tx
      .insert(channels)
      .values({ ownerId: memberId, title: state.profile?.channelTitle ?? '' })
      .returning({ id: channels.id });
    return row!.id;
  });
  return { ok: true, approval, channelId };
}
