import { disguisedHtml, oversizedPng, pngFile, unique } from './my-fixtures.ts';
import { expect, expectNoSeriousAxeViolations, signInByApi, test, untilHydrated } from './shell-fixtures.ts';

test('a member writes an inquiry with an attachment and sees it listed', async ({ page }) => {
  await signInByApi(page, 'viewer01');
  await page.goto('/cs?tab=inquiry');
  await expect(page.getByRole('tab', { name: '1:1 문의' })).toHaveAttribute('aria-selected', 'true');
  const title = unique('충전 문의');
  await page.getByLabel('분류').selectOption('luv');
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('내용').fill('결제했는데 러브가 안 들어왔어요.');
  await page.getByLabel('이미지 첨부 (선택)').setInputFiles(pngFile('영수증.png'));
  await page.getByRole('button', { name: '문의 등록' }).click();
  await expect(page.getByText('문의가 등록되었습니다.')).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('답변 대기');
  await item.getByText(title).click();
  const link = item.getByRole('link', { name: '첨부파일 영수증.png' });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  await expectNoSeriousAxeViolations(page);
});

test('a report with a disguised or oversized file is refused with a clear message and nothing is listed', async ({
  page,
}) => {
  await signInByApi(page, 'viewer02');
  await page.goto('/cs?tab=report');
  const content = unique('욕설 신고');
  await page.getByLabel('신고할 회원 ID').fill('viewer01');
  await page.getByLabel('내용').fill(content);
  await page.getByLabel('이미지 첨부 (선택)').setInputFiles(disguisedHtml());
  await page.getByRole('button', { name: '신고 접수' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'PNG, JPEG, GIF, WebP 이미지만 첨부할 수 있습니다.' }),
  ).toBeVisible();
  await page.getByLabel('이미지 첨부 (선택)').setInputFiles(oversizedPng());
  await page.getByRole('button', { name: '신고 접수' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '파일이 너무 큽니다.' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: content })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: '내 신고 내역' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: content })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('guests search guides and get a clear empty state; inquiries ask them to sign in', async ({ page }) => {
  await page.goto('/cs');
  await expect(page.getByRole('tab', { name: '공지사항' })).toHaveAttribute('aria-selected', 'true');
  await untilHydrated(page, page.getByRole('tablist'));
  await page.getByRole('tab', { name: '이용 가이드' }).click();
  const nothing = unique('없는가이드');
  await page.getByLabel('가이드 제목 검색').fill(nothing);
  await page.getByRole('main').getByRole('button', { name: '검색' }).click(); // the header has its own 검색
  await expect(page.getByText(`'${nothing}'에 해당하는 가이드가 없습니다.`)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: '1:1 문의' }).click();
  await expect(page.getByRole('dialog', { name: '회원 전용' })).toBeVisible();
});

test('a tab tapped before the page has hydrated still opens (it is a link until then)', async ({ page }) => {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  // Hold the CS island's code back, so the tap lands on the server-rendered tabs.
  await page.route(/\/_astro\/CsPage[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/cs');
  await expect(page.locator('astro-island[ssr]', { has: page.getByRole('tablist') })).toHaveCount(1); // not hydrated
  await page.getByRole('tab', { name: '이용 가이드' }).click();
  await expect(page).toHaveURL(/\/cs\?tab=guide$/);
  release();
  await expect(page.getByRole('tab', { name: '이용 가이드' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('가이드 제목 검색')).toBeVisible();
});
