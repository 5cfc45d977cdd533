import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { inlineStylesheets } from './page-stylesheet.ts';

const sheets: Record<string, string> = {
  '/_astro/a.1.css': '.a{color:red}',
  '/_astro/b.2.css': '.b::after{content:"방송"}',
};
const read = (href: string) => sheets[href]!;
const csp = (styleSrc: string) =>
  `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-s1='; style-src ${styleSrc}; style-src-attr 'unsafe-inline';">`;

it(
  'writes the stylesheets in document order into one <style> where the first link was, and adds its hash to ' +
    'style-src',
  () => {
    const html = `<head><meta charset="utf-8">${csp("'self' 'sha256-x='")}<link rel="stylesheet" href="/_astro/a.1.css"><link rel="stylesheet" href="/_astro/b.2.css"><title>t</title></head>`;
    const css = '.a{color:red}\n.b::after{content:"방송"}';
    // The hash a browser computes: SHA-256 of the element's text as UTF-8, in base64.
    const hash = `'sha256-${createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64')}'`;
    expect(inlineStylesheets(html, read)).toBe(
      `<head><meta charset="utf-8">${csp(`'self' 'sha256-x=' ${hash}`)}<style>${css}</style><title>t</title></head>`,
    );
  },
);

it('adds the hash to style-src only, not to style-src-attr or another directive', () => {
  const html = `<meta http-equiv="content-security-policy" content="style-src-attr 'unsafe-inline';style-src 'self'"><link rel="stylesheet" href="/_astro/a.1.css">`;
  expect(inlineStylesheets(html, read)).toBe(
    `<meta http-equiv="content-security-policy" content="style-src-attr 'unsafe-inline';style-src 'self' 'sha256-${createHash('sha256').update('.a{color:red}').digest('base64')}'"><style>.a{color:red}</style>`,
  );
});

it('leaves a page with no stylesheet as it is (null), and inlines a page with no CSP without one', () => {
  expect(inlineStylesheets('<p>no sheet</p>', () => '')).toBeNull();
  expect(inlineStylesheets('<link rel="stylesheet" href="/_astro/a.1.css"><p>x</p>', read)).toBe(
    '<style>.a{color:red}</style><p>x</p>',
  );
});

it('refuses a sheet that would end the <style> early, and a CSP whose style-src would not decide on it', () => {
  expect(() =>
    inlineStylesheets('<link rel="stylesheet" href="/_astro/x.css">', () => 'a{}</STYLE><script>x()</script>'),
  ).toThrow('contains "</style"');
  const noStyleSrc = `<meta http-equiv="content-security-policy" content="default-src 'self'"><link rel="stylesheet" href="/_astro/a.1.css">`;
  expect(() => inlineStylesheets(noStyleSrc, read)).toThrow('no style-src');
  const elem = `<meta http-equiv="content-security-policy" content="style-src 'self';style-src-elem 'self'"><link rel="stylesheet" href="/_astro/a.1.css">`;
  expect(() => inlineStylesheets(elem, read)).toThrow('style-src-elem');
});
