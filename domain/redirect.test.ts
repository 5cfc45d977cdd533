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
  // Dot segments spelled with encodings the URL parser still honours.
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/%2e%2e/%2e%2e//evil.example',
  '/../..//evil.example',
  '/./..//evil.example',
  // Encoded separators and double encodings.
  '/%5c%5cevil.example',
  '/%2F%2Fevil.example',
  '/%252f%252fevil.example',
  '/%255cevil.example',
  '/%250d%250aSet-Cookie:%20x=1',
  '%2f%2fevil.example',
  // Header injection and control characters, raw and encoded.
  '/%0d%0aSet-Cookie:%20x=1',
  '/%0aLocation:%20https://evil.example',
  '/\u0000//evil.example',
  '/x\u007f',
  '//%09/evil.example',
  // Schemes in every spelling.
  'https:/evil.example',
  'https:\\\\evil.example',
  'javascript://%0aalert(1)',
  'vbscript:msgbox(1)',
  'HTTPS://evil.example',
  '\u0000https://evil.example',
  // Backslash forms browsers treat as slashes.
  '/\\evil.example',
  '/.\\./evil.example',
  '\\/evil.example',
  // Look-alike slashes at the start.
  '\uff0f\uff0fevil.example',
  '\u2215\u2215evil.example',
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
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath().map((p) => p.replace(/^\//, '//')),
        ),
        (s) => {
          const out = safeCallbackUrl(s);
          const resolved = new URL(out, 'https://site.example/current');
          return resolved.origin === 'https://site.example' && out.startsWith('/') && !out.startsWith('//');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never yields a raw or encoded line break, whatever the input (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }).map((s) => `/${s}`),
        (s) => {
          const out = safeCallbackUrl(s);
          return !/[\r\n]/.test(out) && !/%0[ad]/i.test(out) && !/%25(?:25)*0[ad]/i.test(out);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps an ordinary path with an encoded query value', () => {
    expect(safeCallbackUrl('/signin?callbackURL=%2Fmy%3Fa%3D1')).toBe('/signin?callbackURL=%2Fmy%3Fa%3D1');
    expect(safeCallbackUrl('/search?q=%ED%95%9C%EA%B8%80')).toBe('/search?q=%ED%95%9C%EA%B8%80');
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => safeCallbackUrl(safeCallbackUrl(s)) === safeCallbackUrl(s)),
      { numRuns: 1000 },
    );
  });
});
