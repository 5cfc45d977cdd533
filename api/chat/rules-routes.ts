/**
 * A room's chat rules: `GET /api/channels/{channelId}/chat-rules` (anyone; the blocked words only for
 * the BJ and the channel's managers) and `PUT` (the BJ and managers). A change reaches the room as the
 * `chat_rules` event on every API process (api/chat/rules.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { chatRules, type ChatRules } from '../../domain/answers/chat-rules.ts';
import { chatRulesBody, chatRulesCodes } from '../../domain/schemas/chat.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, params } from '../http/request.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { readChatRules, rulesFor, rulesRoleOf, rulesView, saveChatRules, setsRules } from './rules.ts';

/** A malformed channel id names no channel: 404, as an unknown one. */
const channelParam = () => params(ids('channelId'), { invalid: 'channel_not_found' });

/** The BJ and the channel's managers only (after channelParam): a caller who may not set the rules learns it before anything about the body. */
function requireRulesSetter(): MiddlewareHandler<ApiEnv, string, { out: { param: { channelId: number } } }> {
  return async function requireRulesSetterMiddleware(c, next) {
    const role = await rulesRoleOf(c.get('deps').database.db, c.req.valid('param').channelId, me(c).id);
    if (!role) return fail(c, 'channel_not_found');
    if (!setsRules(role)) return fail(c, 'not_channel_manager');
    await next();
  };
}

export const chatRulesRoutes = new Hono<ApiEnv>()
  .get(
    '/:channelId/chat-rules',
    doc({
      tag: 'chat',
      summary: "The room's chat rules: { slowModeS, followersOnlyMinM, subscribersOnly, emoteOnly, blockedWords? }",
      description:
        'slowModeS 0 is off; followersOnlyMinM null is off, 0 any follower, N following for at least N minutes. ' +
        'blockedWords only in the answer to the BJ and the channel’s managers.',
      responses: { 200: { description: 'OK', schema: chatRules } },
      errors: ['channel_not_found'],
    }),
    optionalMember(),
    channelParam(),
    async (c) => {
      const { db } = c.get('deps').database;
      const { channelId } = c.req.valid('param');
      const role = await rulesRoleOf(db, channelId, c.get('member')?.id ?? null);
      if (!role) return fail(c, 'channel_not_found');
      c.header('cache-control', 'private, no-store');
      return c.json(rulesFor(await readChatRules(db, channelId), role) satisfies ChatRules);
    },
  )
  .put(
    '/:channelId/chat-rules',
    doc({
      tag: 'chat',
      summary: "Sets any of the room's chat rules (the BJ and the channel's managers); answers them as GET does",
      description:
        'Fields absent stay as they are; a refused field writes nothing. slowModeS 0-300, followersOnlyMinM null or ' +
        '0-129600, blockedWords at most 100, each 1-30 characters once trimmed (deduplicated case-insensitively).',
      responses: { 200: { description: 'The rules now, with blockedWords', schema: chatRules } },
      errors: ['channel_not_found', 'not_channel_manager'],
    }),
    requireMember(),
    channelParam(),
    requireRulesSetter(),
    body(chatRulesBody, chatRulesCodes),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const rules = await saveChatRules(c.get('deps').database.db, channelId, c.req.valid('json'), me(c).id);
      c.get('deps').chat?.publish({ room: String(channelId), type: 'chat_rules', data: rulesView(rules) });
      c.header('cache-control', 'no-store');
      return c.json(rules satisfies ChatRules);
    },
  );
