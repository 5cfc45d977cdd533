import { expect, expectNoSeriousAxeViolations, signInByApi, test } from './shell-fixtures.ts';

test('the my page shows the profile, member type and identity state, and saves settings', async ({ page }) => {
  await signInByApi(page, 'viewer01');
  await page.goto('/my');
  const profile = page.getByRole('region', { name: '내 정보' });
  await expect(profile).toContainText('viewer01');
  await expect(profile).toContainText('회원');
  // The member type is a word, never its code.
  await expect(profile).not.toContainText('(V)');
  await expect(profile).toContainText('미인증');
  await expect(page.getByRole('link', { name: '본인인증 하기' })).toHaveAttribute('href', '/my/personal-auth');
  await expect(page.getByRole('region', { name: '한눈에 보기' })).toBeVisible();
  const settings = page.getByRole('region', { name: '설정' });
  const bigFan = settings.getByLabel('열혈팬 표시');
  const was = await bigFan.isChecked();
  await bigFan.setChecked(!was);
  await settings.getByRole('button', { name: '저장' }).click();
  await expect(settings.getByText('저장되었습니다.')).toBeVisible();
  const me = await (await page.request.get('/api/my/profile')).json();
  expect(me.settings.isBigFan).toBe(!was);
  await expectNoSeriousAxeViolations(page);
});

test('a guest opening the my page gets the members-only dialog', async ({ page }) => {
  await page.goto('/my');
  await expect(page.getByRole('dialog', { name: '회원 전용' })).toBeVisible();
});

test('an English viewer sees the my page in English', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await signInByApi(page, 'adult01');
  await page.goto('/my');
  await expect(page.getByRole('heading', { level: 1, name: 'My page' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My profile' })).toContainText('Verified');
  await expectNoSeriousAxeViolations(page);
});

test.describe('hydration', () => {
  // page.route does not see what the service worker fetches.
  test.use({ serviceWorkers: 'block' });

  test('the my page hydrates cleanly when the session arrived before its island did', async ({ page }) => {
    await signInByApi(page, 'viewer01');
    // Hold the page's island back until the header's island has loaded the session: the island
    // must still hydrate against the server's HTML (no React #418, caught by the page-error guard).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/MyPage\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/my', { waitUntil: 'commit' });
    await expect(page.getByRole('banner').getByText('시청자01님')).toBeVisible();
    release();
    await expect(page.getByRole('region', { name: '내 정보' })).toContainText('viewer01');
  });
});
