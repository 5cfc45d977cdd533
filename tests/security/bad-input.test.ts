/**
 * Bad input to every route (SECURITY-CHECKLIST "Errors are generic to the client and fail closed";
 * ASVS 5.2.1): control characters in the address or the body, and a body that never ends. Every
 * route answers the catalogue's 4xx in the caller's language; none reads past the one body cap.
 * Routes come from the real app (api-routes.ts), so a new route is swept without editing a list.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../domain/errors.ts';
import { REQUEST_BODY_MAX_BYTES } from '../../domain/limits.ts';
import { UPLOAD_REQUEST_SIZE_MAX_BYTES } from '../../api/storage/limits.ts';
import { form } from '../../api/testing/requests.ts';
import { fileOf, pngBytes } from '../../api/testing/test-files.ts';
import { apiRoutes, concretePath, routeKey, stateChangingRoutes } from './api-routes.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';

let fx: TestApp;
beforeAll(async () => {
  fx = await openTestApp();
});
afterAll(() => fx.close());

/** The Cookie header a member's browser would send (a token signed like the fixture's own). */
async function cookieOf(loginId: string): Promise<string> {
  const { signAccessToken } = await import('../../api/auth/access-token.ts');
  return `flx_oauth_access=${await signAccessToken(fx.ids[loginId]!, `s-${loginId}`, fx.config.jwtSecret)}`;
}

/** A request body that never ends: counts what the server pulls, stops only when cancelled or past `stopAt`. */
function endlessBody(stopAt: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`{"title":"${'가'.repeat(5000)}`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled > stopAt) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('control characters', () => {
  it('every route refuses %00 (and other controls) in its query with the catalogue 400, in the caller’s language', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const path = concretePath(route.path, { channelId: fx.channelIds.bj0001! });
      for (const [suffix, language] of [
        ['?title=a%00b', 'ko'],
        ['?q=%1b%5B0m', 'en'],
      ] as const) {
        const res = await fx.as('bj0001')(route.method, `${path}${suffix}`, undefined, { 'accept-language': language });
        const body = (await res.json().catch(() => null)) as { error?: string; error_msg?: string } | null;
        const korean = /[가-힣]/.test(body?.error_msg ?? '');
        if (res.status !== 400 || body?.error !== 'control_characters' || korean !== (language === 'ko'))
          wrong.push(`${routeKey(route)}${suffix} → ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it(
    'no state-changing route accepts a NUL in a JSON text field (400 control_characters, or refused before it ' +
      'reads)',
    async () => {
      const wrong: string[] = [];
      for (const route of stateChangingRoutes()) {
        const path = concretePath(route.path, { channelId: fx.channelIds.bj0001! });
        const body = JSON.stringify({
          title: 'a\u0000b',
          content: 'c\u0000',
          message: 'm\u0000',
          loginId: 'viewer02\u0000',
          nickname: 'n\u0000',
          partnerCode: 'p\u0000',
        });
        const res = await fx.as('bj0001')(route.method, path, body, { 'content-type': 'application/json' });
        const answer = (await res.json().catch(() => null)) as { error?: string } | null;
        if (res.status >= 500 || (res.status < 400 && !NOT_A_BODY_ROUTE.has(routeKey(route))))
          wrong.push(`${routeKey(route)} → ${res.status} ${JSON.stringify(answer)}`);
        else if (
          res.status >= 400 &&
          !(answer?.error && Object.hasOwn(API_ERRORS, answer.error)) &&
          !('status' in (answer ?? {}))
        )
          wrong.push(`${routeKey(route)} → ${res.status} outside the catalogue: ${JSON.stringify(answer)}`);
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('bodies', () => {
  it('no route reads a body past its cap: an endless body gets an answer, never a hang or a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of stateChangingRoutes()) {
      const path = concretePath(route.path, { channelId: fx.channelIds.bj0001! });
      const cap =
        route.path.includes('board-') || route.path.includes('-post')
          ? UPLOAD_REQUEST_SIZE_MAX_BYTES
          : REQUEST_BODY_MAX_BYTES;
      const body = endlessBody(cap + 4 * 1024 * 1024);
      const res = await fx.app.request(path, {
        method: route.method,
        body: body.stream,
        headers: {
          'x-forwarded-for': '127.0.0.1',
          'content-type': 'application/json',
          cookie: await cookieOf('bj0001'),
        },
        duplex: 'half',
      } as RequestInit);
      await res.arrayBuffer();
      if (res.status >= 500 || body.pulled() > cap + 256 * 1024)
        wrong.push(`${routeKey(route)} → ${res.status} after ${body.pulled()} bytes`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('multipart bodies', () => {
  it(
    'the upload routes refuse a control character in any text field with the catalogue 400, writing and storing ' +
      'nothing',
    async () => {
      const viewer = fx.as('viewer01');
      const board = (
        await (
          await viewer(
            'POST',
            '/api/cs/board-write',
            form({ channelId: fx.channelIds.bj0001!, category: 'free', title: 't', content: 'c' }),
          )
        ).json()
      ).boardId as number;
      expect(board).toBeGreaterThan(0);
      const routes: [string, string, Record<string, string | number>][] = [
        ['POST', '/api/cs/inquiry-post', { category: 'etc', title: 't', content: 'c' }],
        ['POST', '/api/cs/declaration-post', { category: 'spam', targetLoginId: 'adult01', content: 'c' }],
        [
          'POST',
          '/api/cs/board-write',
          { channelId: fx.channelIds.bj0001!, category: 'free', title: 't', content: 'c' },
        ],
        ['PUT', '/api/cs/board-update', { boardId: board, category: 'free', title: 't2', content: 'c2' }],
      ];
      const before = await snapshotDatabase(fx.database.db);
      const files = await readdir(fx.uploadsDir).catch(() => []);
      const wrong: string[] = [];
      for (const [method, path, fields] of routes) {
        for (const name of Object.keys(fields)) {
          for (const control of ['\u0000', '\u001b', '\u0085']) {
            const res = await viewer(
              method,
              path,
              form({ ...fields, [name]: `${fields[name]}${control}` }, [fileOf(pngBytes(), 'a.png')]),
            );
            const answer = (await res.json().catch(() => null)) as { error?: string } | null;
            if (res.status !== 400 || answer?.error !== 'control_characters')
              wrong.push(`${method} ${path} ${name} → ${res.status} ${JSON.stringify(answer)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(await snapshotDatabase(fx.database.db)).toEqual(before);
      expect(await readdir(fx.uploadsDir).catch(() => [])).toEqual(files);
    },
  );
});

/** State-changing routes that take no body at all (a body is ignored, so a 2xx is right). */
const NOT_A_BODY_ROUTE = new Set<string>([
  'DELETE /api/channels/:channelId/like',
  'DELETE /api/my/streams/played/:streamId',
  'DELETE /api/my/streams/present/:channelId',
  'DELETE /api/my/streams/subscriptions/:channelId',
  'POST /api/auth/signout',
  'POST /api/chat/ticket',
  'POST /api/my/item/all-item/used',
  'POST /api/my/channel/stop-stream',
  'POST /api/my/channel/stream-key',
  'PUT /api/channels/:channelId/like',
  'DELETE /api/shoppings/billing-key',
  'POST /api/shoppings/billing-key/request',
]);
