import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeCallbackUrl } from './redirect.ts';

/** Known open-redirect payloads (PayloadsAllTheThings "Open Redirect" list, trimmed). */
const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/./\\/evil.example',
  '/..//evil.example',
  '/.//evil.example',
  '/%2f%2fevil.example',
  '/%5cevil.example',
  'https://evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' //evil.example',
  '\t//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\nSet-Cookie: x=1',
  'evil.example',
  '@evil.example',
  '/%09/evil.example',
  '',
  'x'.repeat(5000),
];

describe('safeCallbackUrl', () => {
  it.each(HOSTILE)('turns %j into /', (payload) => {
    expect(safeCallbackUrl(payload)).toBe('/');
  });

  it('keeps same-site paths with query and hash', () => {
    expect(safeCallbackUrl('/channels/12/live?x=1#chat')).toBe('/channels/12/live?x=1#chat');
    expect(safeCallbackUrl('/my')).toBe('/my');
    expect(safeCallbackUrl('/a/../b')).toBe('/b');
  });

  it('rejects non-strings', () => {
    expect(safeCallbackUrl(undefined)).toBe('/');
    expect(safeCallbackUrl(42)).toBe('/');
  });

  it('never yields something a browser resolves to another origin (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath().map((p) => p.replace(/^\//, '//'))), (s) => {
        const out = safeCallbackUrl(s);
        const resolved = new URL(out, 'https://site.example/current');
        return resolved.origin === 'https://site.example' && out.startsWith('/') && !out.startsWith('//');
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => safeCallbackUrl(safeCallbackUrl(s)) === safeCallbackUrl(s)),
      { numRuns: 1000 },
    );
  });
});
