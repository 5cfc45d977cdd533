import { expect, it } from 'vitest';
import { earlyScriptBehindLoader } from './live-page.ts';

const page = (body: string) =>
  `<html><head><script data-page-mode>pm()</script></head><body><video id="live-video"></video>${body}</body></html>`;

it("moves the early script's address into its loader and drops the script's tag", () => {
  const html = page(
    '<script type="module" src="/_astro/Base.astro_x.AbC-1_.js"></script><script type="module" async ' +
      'data-live-boot>load()</script>',
  );
  expect(earlyScriptBehindLoader(html)).toBe(
    page('<script type="module" async data-live-boot="/_astro/Base.astro_x.AbC-1_.js">load()</script>'),
  );
});

it("writes the hls.js engine's address beside the early script's when the build has one", () => {
  const html = page(
    '<script type="module" src="/_astro/b.js"></script><script type="module" async data-live-boot>l()</script>',
  );
  expect(earlyScriptBehindLoader(html, '/_astro/hls-engine.Xy-1.js')).toBe(
    page(
      '<script type="module" async data-live-boot="/_astro/b.js" data-hls-engine="/_astro/hls-engine.Xy-1.js">l()</script>',
    ),
  );
});

it('fails the build when the page has no early script, two of them, or no loader', () => {
  const loader = '<script type="module" async data-live-boot>load()</script>';
  const early = (n: number) => `<script type="module" src="/_astro/e${n}.js"></script>`;
  expect(() => earlyScriptBehindLoader(page(loader))).toThrow('one module script and one loader; it has 0 and 1');
  expect(() => earlyScriptBehindLoader(page(early(1) + early(2) + loader))).toThrow('it has 2 and 1');
  expect(() => earlyScriptBehindLoader(page(early(1)))).toThrow('it has 1 and 0');
});
