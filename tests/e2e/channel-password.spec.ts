import { expect, test } from '@playwright/test';
import { channelOf, expectVideoAdvances, openLive, watchCsp } from './channel-fixtures.ts';

// bj0003's demo live is password-protected (password 1234, api/db/seed-password-live.ts).
test('a password-protected live shows only the password form until live-Auth passes; then video and chat', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0003');
  const { page, context } = await openLive(browser, null, channelId);
  const csp = watchCsp(page);
  const password = page.getByLabel('방송 비밀번호');
  await expect(password).toBeVisible();
  await expect(page.getByTestId('player-video')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: '채팅 입력' })).toHaveCount(0);
  await expect(page.getByText('채팅 연결됨')).toHaveCount(0);

  await password.fill('0000');
  await page.getByRole('button', { name: '입장' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '비밀번호가 올바르지 않습니다.' })).toBeVisible();
  await expect(password).toHaveValue('0000'); // what was typed stays

  await password.fill('1234');
  await page.getByRole('button', { name: '입장' }).click();
  await expectVideoAdvances(page);
  await expect(page.getByText('채팅 연결됨')).toBeVisible();
  expect(csp).toEqual([]);
  await context.close();
});

test('five wrong passwords lock the viewer out of that live, even with the right one', async ({ browser, request }) => {
  const channelId = await channelOf(request, 'bj0003');
  const { page, context } = await openLive(browser, null, channelId);
  const password = page.getByLabel('방송 비밀번호');
  const submit = page.getByRole('button', { name: '입장' });
  for (let i = 0; i < 5; i++) {
    await password.fill(`wrong${i}`);
    const answered = page.waitForResponse((r) => r.url().includes('/api/guest/live-Auth'));
    await submit.click();
    expect((await answered).status()).toBe(403);
  }
  await password.fill('1234');
  await submit.click();
  await expect(
    page.getByRole('alert').filter({ hasText: '비밀번호를 여러 번 틀렸습니다. 잠시 후 다시 시도해 주세요.' }),
  ).toBeVisible();
  await expect(page.getByTestId('player-video')).toHaveCount(0);
  await context.close();
});
