/** `GET /api/cs/attachments/{id}`: board files are public while the post exists; others only to their uploader. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { fileResponse } from '../storage/serve.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, params } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { attachmentFile } from './attachments.ts';

export const attachmentRoutes = new Hono<ApiEnv>().get(
  '/:id',
  doc({
    tag: 'cs',
    summary:
      'One attachment as a download (board files while the post exists; inquiry and report files to their uploader ' +
      'only)',
    responses: {
      200: {
        description: 'The file, served as an attachment with nosniff and a sandboxing CSP',
        contentType: 'application/octet-stream',
      },
    },
    errors: ['not_found'],
  }),
  optionalMember(),
  params(ids('id'), { invalid: 'not_found' }),
  async (c) => {
    const { db } = c.get('deps').database;
    const file = await attachmentFile(db, c.get('deps').storage, c.req.valid('param').id, c.get('member')?.id ?? null);
    if (!file) return fail(c, 'not_found', { messageKey: 'error_not_found_file' });
    return fileResponse(file.bytes, file.mime, file.name);
  },
);
