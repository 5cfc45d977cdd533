/**
 * The chat server of the load test, in its own process (so clients and server do not share an
 * event loop): a fresh in-memory database, one channel, and the BJ's access token (the chat
 * accepts `{ type: 'oauth', token }` from clients outside the browser; unlike a ticket it can be
 * used for several connections). Prints one JSON line `{ port, room, token }` when ready; exits on SIGTERM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachChat } from '../../api/chat/server.ts';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';

const database = await openTestDatabase();
const [bj] = await database.db
  .insert(members)
  .values({ loginId: 'benchbj01', nickname: 'benchbj01', passwordHash: 'x' })
  .returning({ id: members.id });
const [channel] = await database.db
  .insert(channels)
  .values({ ownerId: bj!.id, title: 'bench', broadcasting: true })
  .returning({ id: channels.id });
const server = createServer();
// The sender's budget is lifted: the bench measures fan-out, not the per-member limit.
const jwtSecret = 'x'.repeat(40);
const chat = await attachChat(server, {
  config: { jwtSecret, allowedOrigins: [], databaseUrl: null },
  database,
  rateMax: 1_000_000,
});
server.listen(0, '127.0.0.1', async () => {
  const token = await signAccessToken(bj!.id, 'chat-bench', jwtSecret);
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, room: String(channel!.id), token }));
});
process.on('SIGTERM', async () => {
  await chat.close();
  await database.close();
  process.exit(0);
});
