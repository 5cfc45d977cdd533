/**
 * The floor of a gift rush (`npm run bench:gift-burst -- --floor`): the same HTTP and chat path as
 * the API's `POST /api/lives/send-luv`, with nothing behind it. Hono on @hono/node-server (as
 * api/main.ts serves it) reads the JSON body and answers the gift's shape with a fresh transfer id;
 * socket.io on the same server lets a guest join any room, and the API's own gift announcer
 * (api/chat/gift-announcer.ts) announces each answer there. No session, no validation, no ledger,
 * no database: what is left of a gift's cost when those are free.
 *
 * Run as a child process by scripts/bench-gift-burst.ts (`node floor-process.ts <port>`), so that its
 * CPU time is read from /proc as the API's is.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createGiftAnnouncer } from '../../api/chat/gift-announcer.ts';
import type { ChatServer } from '../../api/chat/types.ts';

const port = Number(process.argv[2]);
let transferId = 0;
const app = new Hono();
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as HttpServer;
const io = new Server(server, { transports: ['websocket'] });
// The floor's room takes anyone and answers only `ok`: the site's typed events are not needed here.
const announcer = createGiftAnnouncer(io as unknown as ChatServer);

app.get('/api/health', (c) => c.json({ ok: true }));
app.post('/api/lives/send-luv', async (c) => {
  const body = (await c.req.json()) as { channelId: number; amount: number; message: string };
  const id = ++transferId;
  announcer.add(String(body.channelId), {
    kind: 'luv',
    loginId: 'floor',
    nickname: 'floor',
    amount: body.amount,
    itemCode: null,
    message: body.message,
    transferId: id,
    at: new Date().toISOString(),
  });
  return c.json({ transferId: id, channelId: body.channelId, amount: body.amount, itemCode: null, balance: 0, luv: 0 });
});
io.on('connection', (socket) => {
  socket.on('join', async (payload: { room: string }, ack: (r: { ok: true }) => void) => {
    await socket.join(payload.room);
    ack({ ok: true });
  });
});
process.on('SIGTERM', () => process.exit(0));
