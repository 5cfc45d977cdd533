import { expect, it } from 'vitest';
import { joinStylesheets } from './page-stylesheet.ts';

const sheets: Record<string, string> = { '/_astro/a.1.css': '.a{color:red}', '/_astro/b.2.css': '.b{background:url(x.png)}' };

it('joins the page stylesheets in document order into one link where the first was', () => {
  const html =
    '<head><meta charset="utf-8"><link rel="stylesheet" href="/_astro/a.1.css"><link rel="stylesheet" href="/_astro/b.2.css"><title>t</title></head>';
  const joined = joinStylesheets(html, (href) => sheets[href]!)!;
  expect(joined.css).toBe('.a{color:red}\n.b{background:url(x.png)}');
  expect(joined.href).toMatch(/^\/_astro\/page\.[\w-]{8}\.css$/);
  expect(joined.html).toBe(`<head><meta charset="utf-8"><link rel="stylesheet" href="${joined.href}"><title>t</title></head>`);
});

it('leaves a page with one stylesheet or none as it is', () => {
  expect(joinStylesheets('<link rel="stylesheet" href="/_astro/a.1.css">', (href) => sheets[href]!)).toBeNull();
  expect(joinStylesheets('<p>no sheet</p>', () => '')).toBeNull();
});
