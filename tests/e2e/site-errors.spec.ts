import type { Page } from '@playwright/test';
import { expect, signInByApi, test } from './shell-fixtures.ts';

// src/lib/error-text.ts: a refusal shows the API's error_msg as it is (the API words it in the
// language the client names on every call); only a call that got no answer has site words.
test.use({ serviceWorkers: 'block' });

const LABELS = {
  ko: { tab: '쪽지 쓰기', to: '받는 사람 ID', content: '내용', send: '보내기' },
  en: { tab: 'Write', to: 'To (ID)', content: 'Message', send: 'Send' },
};

async function send(page: Page, locale: 'ko' | 'en') {
  const l = LABELS[locale];
  await page.goto('/my/messages');
  await page.getByRole('tab', { name: l.tab }).click();
  await page.getByLabel(l.to, { exact: true }).fill('adult01');
  await page.getByLabel(l.content, { exact: true }).fill('hello');
  await page.getByRole('button', { name: l.send }).click();
}

for (const [locale, text] of [
  ['ko', '상대방이 쪽지를 받지 않습니다.'],
  ['en', 'This member is not accepting messages from you.'],
] as const) {
  test(`${locale}: every call names the page's language and a refusal shows the API's own text`, async ({
    page,
    context,
    baseURL,
  }) => {
    if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
    await signInByApi(page, 'viewer02');
    const languages = new Set<string>();
    await page.route('**/api/**', (route) => {
      languages.add(route.request().headers()['accept-language'] ?? '');
      if (route.request().method() === 'POST' && route.request().url().endsWith('/v2/api/my/messages'))
        return route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'message_blocked', error_msg: text }),
        });
      return route.fallback();
    });
    await send(page, locale);
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    expect([...languages]).toEqual([locale]);
  });
}

test('a call that got no answer says so in the site’s words', async ({ page }) => {
  await signInByApi(page, 'viewer02');
  await page.route('**/v2/api/my/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback(),
  );
  await send(page, 'ko');
  await expect(
    page.getByRole('alert').filter({ hasText: '처리하지 못했습니다. 잠시 후 다시 시도해 주세요.' }),
  ).toBeVisible();
});
