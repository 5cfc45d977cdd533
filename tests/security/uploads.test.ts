/**
 * Upload attacks against every upload endpoint (SECURITY-CHECKLIST "Uploads: oversize, HTML in a
 * .png, SVG with script, zip, ../../x.js, pixel flood"; ASVS 5.2.1-5.4.1), on the whole API:
 * refused uploads answer 413/415/400 and leave no row and no file behind; accepted files are
 * stored under a generated name inside the uploads folder and served as an inert download.
 * A sweep then sends a hostile multipart body to every other state-changing route: none stores
 * anything on disk and none answers 5xx.
 */
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../../api/testing/requests.ts';
import { UPLOAD_FILE_SIZE_MAX_BYTES, UPLOAD_REQUEST_SIZE_MAX_BYTES } from '../../api/storage/limits.ts';
import { fileOf, gifBytes, pngBytes, text } from '../../api/testing/test-files.ts';
import { concretePath, routeKey, stateChangingRoutes } from './api-routes.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';

let fx: TestApp;
let ownBoard = 0;
/** What an upload route writes: the rows a refused upload must not leave behind. */
const UPLOAD_TABLES = ['attachments', 'inquiries', 'declarations', 'board_posts'];
const uploadRows = () => snapshotDatabase(fx.database.db, [], UPLOAD_TABLES);
/** A new post of viewer01 with no files (a post holds at most 3 files over all its edits). */
async function newOwnBoard(): Promise<number> {
  const res = await fx.as('viewer01')(
    'POST',
    '/api/cs/board-write',
    form({ channelId: fx.channelIds.bj0001!, category: 'free', title: 'mine', content: 'c' }),
  );
  const { boardId } = await res.json();
  expect(boardId).toBeGreaterThan(0);
  return boardId;
}
beforeAll(async () => {
  fx = await openTestApp();
  ownBoard = await newOwnBoard();
  expect(Object.keys(await uploadRows()).sort()).toEqual([...UPLOAD_TABLES].sort());
}, 120_000);
afterAll(() => fx.close());

/** Every route that takes files, with the text fields it needs. */
const UPLOAD_ROUTES: [string, string, () => Record<string, string | number>][] = [
  ['POST', '/api/cs/inquiry-post', () => ({ category: 'etc', title: 't', content: 'c' })],
  ['POST', '/api/cs/declaration-post', () => ({ category: 'spam', targetLoginId: 'adult01', content: 'c' })],
  [
    'POST',
    '/api/cs/board-write',
    () => ({ channelId: fx.channelIds.bj0001!, category: 'free', title: 't', content: 'c' }),
  ],
  ['PUT', '/api/cs/board-update', () => ({ boardId: ownBoard, category: 'free', title: 't2', content: 'c2' })],
];

const png = pngBytes(4, 4);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
};
const oversize = () => {
  const b = new Uint8Array(UPLOAD_FILE_SIZE_MAX_BYTES + 1);
  b.set(png);
  return b;
};

/** Files that must be refused, with the status and code. */
const REFUSED: [string, () => File[], number, string][] = [
  [
    'HTML named .png with image/png',
    () => [fileOf(text('<!doctype html><script>alert(document.cookie)</script>'), 'cat.png', 'image/png')],
    415,
    'file_type_not_allowed',
  ],
  [
    'SVG with script',
    () => [
      fileOf(
        text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ),
    ],
    415,
    'file_type_not_allowed',
  ],
  [
    'SVG named .png',
    () => [fileOf(text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png', 'image/png')],
    415,
    'file_type_not_allowed',
  ],
  [
    'a zip named .jpg',
    () => [fileOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]), 'a.jpg', 'image/jpeg')],
    415,
    'file_type_not_allowed',
  ],
  [
    'a script named ../../x.js',
    () => [fileOf(text('alert(1)'), '../../x.js', 'text/javascript')],
    415,
    'file_type_not_allowed',
  ],
  ['an empty file', () => [fileOf(new Uint8Array(0), 'e.png')], 400, 'file_empty'],
  [
    'a pixel flood (50,000 × 50,000 declared)',
    () => [fileOf(pngBytes(50_000, 50_000), 'flood.png')],
    400,
    'image_too_large',
  ],
  ['one byte over the file size limit', () => [fileOf(oversize(), 'big.png')], 413, 'file_too_large'],
  ['four files', () => [1, 2, 3, 4].map((i) => fileOf(png, `${i}.png`)), 400, 'too_many_files'],
  [
    'one good image next to a disguised one',
    () => [fileOf(png, 'ok.png'), fileOf(text('<html>'), 'bad.png')],
    415,
    'file_type_not_allowed',
  ],
];

/** Client file names with path and control tricks; the content is a real image, so they are stored. */
const HOSTILE_NAMES = [
  '../../x.png',
  '..\\..\\evil.png',
  '/etc/passwd.png',
  'a\u0000.png.html',
  '%2e%2e%2f%2e%2e%2fx.png',
  '\u202egnp.html',
  'C:\\Windows\\a.png',
  '"><img src=x onerror=alert(1)>.png',
];

const listUploads = async () => (await readdir(fx.uploadsDir).catch(() => [] as string[])).sort();

describe.each(UPLOAD_ROUTES)('%s %s', (method, path, fields) => {
  it.each(REFUSED)('refuses %s, and stores nothing', async (_, files, status, code) => {
    const files_ = await listUploads();
    const rows = await uploadRows();
    const res = await fx.as('viewer01')(method, path, form(fields(), files()));
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: code });
    expect(await listUploads()).toEqual(files_);
    expect(await uploadRows()).toEqual(rows);
  });

  it('refuses a request body over the cap before reading it', async () => {
    const files_ = await listUploads();
    const big = new Uint8Array(UPLOAD_REQUEST_SIZE_MAX_BYTES + 1024);
    const res = await fx.as('viewer01')(method, path, form(fields(), [fileOf(big, 'a.png'), fileOf(big, 'b.png')]));
    expect(res.status).toBe(413);
    expect(await listUploads()).toEqual(files_);
  });

  it('stores images under generated names inside the uploads folder, whatever the client names them', async () => {
    const before = new Set(await listUploads());
    for (let i = 0; i < HOSTILE_NAMES.length; i += 3) {
      const target = path === '/api/cs/board-update' ? { ...fields(), boardId: await newOwnBoard() } : fields();
      const res = await fx.as('viewer01')(
        method,
        path,
        form(
          target,
          HOSTILE_NAMES.slice(i, i + 3).map((n) => fileOf(png, n, 'text/html')),
        ),
      );
      expect(res.status, await res.text()).toBeLessThan(300);
    }
    const added = (await listUploads()).filter((f) => !before.has(f));
    expect(added.length).toBe(HOSTILE_NAMES.length);
    for (const name of added) {
      expect(name).toMatch(/^[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/);
      expect(await readFile(`${fx.uploadsDir}/${name}`)).toEqual(Buffer.from(png));
    }
  });
});

describe('serving what was stored', () => {
  it('serves polyglots and tricky names as an inert download with a clean file name', async () => {
    // Valid images that also carry HTML or script: accepted by content, but never rendered as a page.
    const polyglots = [
      fileOf(concat(png, text('<html><script>alert(1)</script></html>')), '../../poly.png.html', 'text/html'),
      fileOf(concat(gifBytes(2, 2), text('/*<script>*/=alert(1)//')), 'a\u0000.gif', 'application/javascript'),
      fileOf(png, '"><svg onload=alert(1)>\r\nX-Evil: 1.png', 'image/svg+xml'),
    ];
    const res = await fx.as('viewer01')(
      'POST',
      '/api/cs/inquiry-post',
      form({ category: 'etc', title: 'poly', content: 'c' }, polyglots),
    );
    expect(res.status).toBeLessThan(300);
    const list = (await (await fx.as('viewer01')('GET', '/api/cs/inquiry-list')).json()).list;
    const files = list.find((i: { title: string }) => i.title === 'poly').attachments as { id: number }[];
    expect(files.length).toBe(3);
    for (const f of files) {
      const served = await fx.as('viewer01')('GET', `/api/cs/attachments/${f.id}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\/(png|gif)$/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      const disposition = served.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^attachment; /);
      expect(disposition).not.toMatch(/[\r\n\u0000]|\.\.\/|\\/);
      expect(served.headers.get('x-evil')).toBeNull();
    }
  });
});

describe('every other state-changing route', () => {
  it('stores no file and answers no 5xx when sent a hostile multipart body', async () => {
    const before = await listUploads();
    const uploadKeys = new Set(UPLOAD_ROUTES.map(([m, p]) => `${m} ${p}`));
    const routes = stateChangingRoutes().filter((r) => !uploadKeys.has(routeKey(r)));
    expect(routes.length).toBeGreaterThan(60);
    const hostile = () =>
      form(
        { title: 't', content: 'c', channelId: fx.channelIds.bj0001!, image: 'x', profileImage: '../../x.png' },
        [fileOf(text('<html><script>alert(1)</script>'), '../../x.png', 'image/png'), fileOf(png, '../../y.png')],
        'file',
      );
    for (const r of routes) {
      for (const who of ['viewer01', 'bj0001']) {
        const res = await fx.as(who)(r.method, concretePath(r.path), hostile(), {
          'idempotency-key': `upl-${who}-${routeKey(r)}`.replace(/\s/g, '_'),
        });
        expect(res.status, `${who} ${routeKey(r)}`).toBeLessThan(500);
      }
    }
    expect(await listUploads()).toEqual(before);
  });
});
