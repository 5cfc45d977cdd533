/** Answers of chat over HTTP (api/chat/ticket-routes.ts); the socket's own events are domain/chat-events.ts. */
import * as v from 'valibot';

/** `POST /api/chat/ticket`: a one-use ticket the socket handshake presents for the member's session. */
export const chatTicket = v.object({ ticket: v.string() });
export type ChatTicket = v.InferOutput<typeof chatTicket>;
