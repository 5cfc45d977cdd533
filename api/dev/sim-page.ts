/**
 * The frame of the development simulators' pages (identity verification, social sign-in): the
 * caller's language (locale cookie, else Accept-Language), a phone-first card in the site's colours,
 * a badge saying no real provider is involved. Plain HTML and one inline style: no scripts.
 */
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { callerText } from '../http/errors.ts';
import { callerLocale } from '../http/locale.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
:root { color-scheme: light; --accent: #5b3df5; --fg: #16161d; --muted: #5c5c6b; --line: #dcdce4; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem;
  font: 16px/1.5 system-ui, -apple-system, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', sans-serif;
  color: var(--fg); background: #f3f2f8; word-break: keep-all; overflow-wrap: break-word; }
main { width: min(100%, 26rem); background: #fff; border: 1px solid var(--line); border-radius: 12px;
  padding: 1.5rem; box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
.badge { display: inline-block; margin: 0 0 0.75rem; padding: 0.125rem 0.5rem; border-radius: 999px;
  background: #fff4d6; color: #6b4b00; font-size: 0.8125rem; font-weight: 600; }
h1 { margin: 0 0 0.5rem; font-size: 1.375rem; }
p { margin: 0 0 1rem; color: var(--muted); }
form { display: grid; gap: 0.75rem; }
label { display: grid; gap: 0.25rem; font-weight: 600; }
input { font: inherit; padding: 0.625rem 0.75rem; border: 1px solid var(--line); border-radius: 8px; min-height: 2.75rem; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
button { font: inherit; font-weight: 700; min-height: 2.75rem; border: 0; border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); border: 1px solid var(--accent); }
.actions { display: grid; gap: 0.75rem; }
.actions form + form { padding-top: 0.75rem; border-top: 1px solid var(--line); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
dt { color: var(--muted); }
dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

/** A simulator page titled `titleKey` (message key) with `body` under its lead text. */
export function simulatorPage(
  c: Context,
  titleKey: string,
  leadKey: string,
  body: Html,
  params: Record<string, string> = {},
): Html {
  const title = callerText(c, titleKey, params);
  return html`<!doctype html>
    <html lang="${callerLocale(c)}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <p class="badge">${callerText(c, 'dev_sim_badge')}</p>
          <h1>${title}</h1>
          <p>${callerText(c, leadKey, params)}</p>
          ${body}
        </main>
      </body>
    </html>`;
}
