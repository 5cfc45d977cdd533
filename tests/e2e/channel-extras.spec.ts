import { expect, test, type Page } from '@playwright/test';
import { channelOf } from './channel-fixtures.ts';

const T = {
  ko: { suggested: '추천 라이브', elapsed: '방송 시간' },
  en: { suggested: 'Recommended live channels', elapsed: 'On air for' },
} as const;

const seconds = (text: string) => text.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);

async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  expect(text).toMatch(/^\d+:\d\d:\d\d$/);
  return seconds(text);
}

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: the channel page shows how long the live has run (ticking, as the API counts) and other live channels`, async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    const channelId = await channelOf(page.request, 'bj0001');
    await page.goto(`/channels/${channelId}`);

    const clock = page.getByText(t.elapsed);
    await expect(clock).toBeVisible();
    const api = (await (await page.request.get(`/api/channels/${channelId}/live-time`)).json()) as {
      broadcasting: boolean;
      elapsedS: number;
    };
    expect(api.broadcasting).toBe(true);
    const shown = await timerSeconds(page);
    expect(Math.abs(shown - api.elapsedS)).toBeLessThanOrEqual(5);
    await expect.poll(() => timerSeconds(page), { timeout: 5000 }).toBeGreaterThan(shown);

    const suggested = page.getByRole('region', { name: t.suggested });
    const others = (await (await page.request.get('/api/guest/suggestion-list?limit=50')).json()) as {
      list: { channelId: number; nickname: string }[];
    };
    const ivs = others.list.find((c) => c.nickname === 'IVS데모BJ');
    expect(ivs, 'bj0002 is live and suggested').toBeTruthy();
    await expect(suggested.getByRole('link', { name: '데모BJ', exact: true })).toHaveCount(0);
    await suggested.getByRole('link', { name: 'IVS데모BJ', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/channels/${ivs!.channelId}/live$`));
    await expect(page.getByRole('timer')).toBeVisible();
  });
}

test('the live clock arriving late does not move the watch button or the board link under a finger', async ({
  page,
}) => {
  const channelId = await channelOf(page.request, 'bj0001');
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/channels/${channelId}/live-time`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/channels/${channelId}`);
  const board = page.getByRole('link', { name: /^게시판/ });
  const watch = page.locator('.channel-stage a.button');
  await expect(board).toBeVisible();
  // Where each starts (the board link may grow to the right meanwhile: its "new" badge arrives on its own).
  const where = () =>
    Promise.all(
      [board, watch].map(async (l) => {
        const { x, y } = (await l.boundingBox())!;
        return { x, y };
      }),
    );
  const before = await where();
  answer();
  await expect(page.getByRole('timer')).toBeVisible();
  expect(await where()).toEqual(before);
});
