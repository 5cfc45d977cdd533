/**
 * The chat server of the load test, in its own process (so clients and server do not share an
 * event loop): a fresh in-memory database, one channel, one sender ticket. Prints one JSON line
 * `{ port, room, ticket }` when ready; exits on SIGTERM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachChat } from '../../api/chat/server.ts';
import { issueTicket } from '../../api/chat/tickets.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';

const database = await openTestDatabase();
const [bj] = await database.db.insert(members).values({ loginId: 'benchbj01', nickname: 'benchbj01', passwordHash: 'x' }).returning({ id: members.id });
const [channel] = await database.db.insert(channels).values({ ownerId: bj!.id, title: 'bench', broadcasting: true }).returning({ id: channels.id });
const server = createServer();
// The sender's budget is lifted: the bench measures fan-out, not the per-member limit.
const chat = await attachChat(server, { config: { jwtSecret: 'x'.repeat(40), allowedOrigins: [], databaseUrl: null }, database, rateMax: 1_000_000 });
server.listen(0, '127.0.0.1', async () => {
  const ticket = await issueTicket(database.db, bj!.id);
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, room: String(channel!.id), ticket }));
});
process.on('SIGTERM', async () => {
  await chat.close();
  await database.close();
  process.exit(0);
});
