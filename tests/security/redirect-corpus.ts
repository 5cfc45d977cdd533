/**
 * Open-redirect payloads as a consumer receives them (already decoded once, as URLSearchParams or
 * sessionStorage hand them over): PayloadsAllTheThings "Open Redirect", trimmed, plus the forms
 * browsers normalise into another host, header breaks and look-alike slashes.
 */
export const REDIRECT_PAYLOADS: readonly string[] = [
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
  '/%2F%2Fevil.example',
  '/%252f%252fevil.example',
  '/%255cevil.example',
  '%2f%2fevil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/../..//evil.example',
  '/./..//evil.example',
  'https://evil.example',
  'HTTPS://evil.example',
  'http:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' //evil.example',
  '\t//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\nSet-Cookie: x=1',
  '/%0d%0aSet-Cookie:%20x=1',
  '/%0aLocation:%20https://evil.example',
  '/%250d%250aSet-Cookie:%20x=1',
  '/\u0000//evil.example',
  '\u0000https://evil.example',
  '//%09/evil.example',
  '/%09/evil.example',
  'evil.example',
  '@evil.example',
  '/@evil.example',
  '\uff0f\uff0fevil.example',
  '\u2215\u2215evil.example',
  '\\/evil.example',
  '/.\\./evil.example',
  '',
  'x'.repeat(5000),
  `/${'a'.repeat(3000)}`,
];

/**
 * True when `target` keeps the browser on `origin` and carries no header break. `encodedBreaks`:
 * also refuse an encoded CR/LF (a callbackURL may be decoded again downstream; an opaque query
 * value such as an OAuth `state` on a fixed path may not be).
 */
export function staysOn(target: string, origin = 'https://www.flxtv.example', encodedBreaks = true): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  if (/[\r\n\\\u0000]/.test(target) || (encodedBreaks && /%(?:25)*0[ad]/i.test(target))) return false;
  return new URL(target, `${origin}/current/page`).origin === origin;
}
