import type { Page } from '@playwright/test';

/**
 * A request made by the page itself (same origin, its cookies): the brand hosts `{id}.localhost`
 * resolve only inside the browser (playwright.config.ts host rules), not in the test's own
 * request context.
 */
export function pageFetch(
  page: Page,
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ path, init }) => {
      const headers: Record<string, string> = { ...init.headers };
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        credentials: 'same-origin',
      });
      return { status: res.status, text: await res.text() };
    },
    { path, init },
  );
}
