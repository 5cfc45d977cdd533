/** The realtime chat server: socket.io on the API's HTTP server, websocket transport only. */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';

export function attachChat(httpServer: HttpServer): Server {
  const io = new Server(httpServer, { transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => {
    socket.emit('connection', { connected: true });
  });
  return io;
}
