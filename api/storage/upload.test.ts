import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import { UPLOAD_FILE_SIZE_MAX_BYTES } from './limits.ts';
import { newStorageKey } from './storage.ts';
import { fileOf, gifBytes, jpegBytes, pngBytes, text, webpBytes } from '../testing/test-files.ts';
import { imageSize } from './image-size.ts';
import { checkUpload, cleanOriginalName } from './upload.ts';

describe('checkUpload', () => {
  it.each([
    ['png', pngBytes(10, 20), 'image/png'],
    ['jpeg', jpegBytes(30, 40), 'image/jpeg'],
    ['gif', gifBytes(5, 6), 'image/gif'],
    ['webp', webpBytes(7, 9), 'image/webp'],
  ])('accepts a %s by its content', async (_n, bytes, mime) => {
    const res = await checkUpload(fileOf(bytes, 'whatever.bin', 'application/octet-stream'));
    expect(res.ok && res.value.kind.mime).toBe(mime);
  });

  it.each([
    ['HTML disguised as PNG', text('<!DOCTYPE html><script>alert(1)</script>'), 'cat.png'],
    [
      'SVG with script',
      text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
    ],
    ['plain SVG renamed', text('<svg onload="alert(1)"></svg>'), 'a.png'],
    ['a zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'a.png'],
    ['a truncated PNG', pngBytes().subarray(0, 12), 'a.png'],
    ['random bytes', new Uint8Array([1, 2, 3, 4, 5]), 'a.jpg'],
  ])('refuses %s as a type not allowed', async (_n, bytes, name) => {
    const res = await checkUpload(fileOf(bytes, name));
    expect(res).toMatchObject({ ok: false, error: { code: 'file_type_not_allowed', status: 415 } });
  });

  it('reads the declared size of every accepted format', () => {
    expect(imageSize(pngBytes(10, 20), { mime: 'image/png', ext: 'png' })).toEqual({ width: 10, height: 20 });
    expect(imageSize(jpegBytes(30, 40), { mime: 'image/jpeg', ext: 'jpg' })).toEqual({ width: 30, height: 40 });
    expect(imageSize(gifBytes(5, 6), { mime: 'image/gif', ext: 'gif' })).toEqual({ width: 5, height: 6 });
    expect(imageSize(webpBytes(7000, 9), { mime: 'image/webp', ext: 'webp' })).toEqual({ width: 7000, height: 9 });
  });

  it('refuses a pixel flood declared in the header', async () => {
    const res = await checkUpload(fileOf(pngBytes(50_000, 50_000), 'flood.png'));
    expect(res).toMatchObject({ ok: false, error: { code: 'image_too_large' } });
    const jpeg = await checkUpload(fileOf(jpegBytes(9000, 10), 'wide.jpg'));
    expect(jpeg).toMatchObject({ ok: false, error: { code: 'image_too_large' } });
    expect(await checkUpload(fileOf(webpBytes(6000, 6000), 'big.webp'))).toMatchObject({
      ok: false,
      error: { code: 'image_too_large' },
    });
  });

  it('refuses an oversized file and an empty one', async () => {
    const big = new Uint8Array(UPLOAD_FILE_SIZE_MAX_BYTES + 1);
    big.set(pngBytes());
    expect(await checkUpload(fileOf(big, 'big.png'))).toMatchObject({
      ok: false,
      error: { code: 'file_too_large', status: 413 },
    });
    expect(await checkUpload(fileOf(new Uint8Array(0), 'e.png'))).toMatchObject({
      ok: false,
      error: { code: 'file_empty' },
    });
  });

  it('keeps only a display name from the client name', () => {
    expect(cleanOriginalName('../../x.js')).toBe('x.js');
    expect(cleanOriginalName('C:\\evil\\a"b.png')).toBe('ab.png');
    expect(cleanOriginalName('\u202egnp.exe')).toBe('gnp.exe');
    expect(cleanOriginalName('')).toBe('file');
  });
});

describe('disk storage', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('stores under generated names and reads them back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    dirs.push(dir);
    const storage = createDiskStorage(join(dir, 'uploads'));
    const key = newStorageKey('png');
    await storage.put(key, pngBytes());
    expect(await storage.get(key)).toEqual(pngBytes());
    expect(await readdir(join(dir, 'uploads'))).toEqual([key]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('never touches a path outside its folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    dirs.push(dir);
    const storage = createDiskStorage(join(dir, 'uploads'));
    await expect(storage.put('../../x.js', text('x'))).rejects.toThrow('invalid storage key');
    expect(await storage.get('../package.json')).toBeNull();
    expect(() => newStorageKey('js')).toThrow();
  });
});
