/** One recording as the caller may see it: its card and signed address (none when locked). */
import { and, eq } from 'drizzle-orm';
import type { Vod } from '../../domain/answers/channels.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { streams } from '../db/schema/index.ts';
import type { MediaUrls } from './media-urls.ts';
import { streamCard } from './streams-access.ts';
import { streamsWithChannel } from './streams-queries.ts';

/** The recording `streamId` (type 2) for `member` (null: a guest), or null when there is none. */
export async function vodOf(
  db: Db,
  streamId: number,
  member: SessionMember | null,
  media: MediaUrls,
): Promise<Vod | null> {
  const [row] = await streamsWithChannel(db).where(and(eq(streams.id, streamId), eq(streams.type, 2)));
  if (!row) return null;
  const card = streamCard(row.channel, row.stream, member, media);
  return { ...card, url: card.locked ? null : media.sign(row.stream.url) };
}
