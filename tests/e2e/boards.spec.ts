import { pngFile, unique } from './my-fixtures.ts';
import { expect, expectNoSeriousAxeViolations, signInByApi, test } from './shell-fixtures.ts';

test('a BJ posts a channel notice and marks a viewer’s board post important', async ({ page, playwright, baseURL }) => {
  // A viewer writes a post with an image on the BJ's board, through the API.
  const viewer = await playwright.request.newContext({ baseURL });
  const signin = await viewer.post('/v2/api/auth/signin', {
    data: { loginId: 'viewer01', password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(signin.status()).toBe(200);
  await signInByApi(page, 'bj0001');
  const profile = await (await page.request.get('/api/my/channel/profile')).json();
  const channelId: number = profile.channelId;
  const postTitle = unique('팬 인사');
  const post = await viewer.post('/api/cs/board-write', {
    multipart: {
      channelId: String(channelId),
      category: 'fan',
      title: postTitle,
      content: '응원합니다',
      files: pngFile('cheer.png'),
    },
  });
  expect(post.status(), await post.text()).toBe(201);
  const { boardId } = await post.json();
  await viewer.dispose();

  await page.goto('/my/channel');
  await expect(page.getByText('신청 상태: 승인')).toBeVisible();
  const noticeTitle = unique('오늘 방송');
  const notices = page.getByRole('region', { name: '방송국 공지' });
  await notices.getByLabel('제목').fill(noticeTitle);
  await notices.getByLabel('내용').fill('저녁 8시에 시작합니다.');
  await notices.getByRole('button', { name: '공지 등록' }).click();
  await expect(notices.getByRole('listitem').filter({ hasText: noticeTitle })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const publicNotices = await (await page.request.get(`/api/my/channel/notice?channelId=${channelId}`)).json();
  expect(publicNotices.list[0].title).toBe(noticeTitle);

  await page.goto(`/boards?channelId=${channelId}&boardId=${boardId}`);
  await expect(page.getByRole('heading', { name: new RegExp(postTitle) })).toBeVisible();
  await expect(page.getByRole('img', { name: '첨부 이미지 cheer.png' })).toBeVisible();
  await page.getByRole('button', { name: '중요 표시' }).click();
  await expect(page.getByText('중요 글로 표시했습니다.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: '목록으로' }).click();
  const first = page.getByRole('main').getByRole('listitem').first();
  await expect(first).toContainText(postTitle);
  await expect(first).toContainText('중요');
  await expectNoSeriousAxeViolations(page);
});

test('a viewer sees no important toggle on a post and the API refuses it', async ({ page, playwright, baseURL }) => {
  const bj = await playwright.request.newContext({ baseURL });
  await bj.post('/v2/api/auth/signin', {
    data: { loginId: 'bj0001', password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  const { channelId } = await (await bj.get('/api/my/channel/profile')).json();
  await bj.dispose();
  await signInByApi(page, 'viewer02');
  const post = await page.request.post('/api/cs/board-write', {
    multipart: {
      channelId: String(channelId),
      category: 'question',
      title: unique('질문'),
      content: '언제 방송하나요?',
    },
  });
  expect(post.status()).toBe(201);
  const { boardId } = await post.json();
  await page.goto(`/boards?channelId=${channelId}&boardId=${boardId}`);
  await expect(page.getByRole('button', { name: /좋아요/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '중요 표시' })).toHaveCount(0);
  const res = await page.request.put(`/api/cs/board-important/${channelId}/${boardId}`, { data: { important: true } });
  expect(res.status()).toBe(403);
});

test('a member writes a post with an image on the board and edits it', async ({ page, playwright, baseURL }) => {
  const bj = await playwright.request.newContext({ baseURL });
  await bj.post('/v2/api/auth/signin', {
    data: { loginId: 'bj0001', password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  const { channelId } = await (await bj.get('/api/my/channel/profile')).json();
  await bj.dispose();
  await signInByApi(page, 'adult01');
  await page.goto(`/boards?channelId=${channelId}`);
  await page.getByRole('button', { name: '글쓰기' }).click();
  const title = unique('첫 방문');
  await page.getByLabel('분류').selectOption('free');
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('내용').fill('잘 보고 있어요');
  await page.getByLabel('이미지 첨부 (선택)').setInputFiles(pngFile('hello.png'));
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByRole('img', { name: '첨부 이미지 hello.png' })).toBeVisible();
  await page.getByRole('button', { name: '글 수정' }).click();
  await page.getByLabel('제목').fill(`${title} (수정)`);
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`${title} \\(수정\\)`) })).toBeVisible();
  await page.getByLabel('댓글 쓰기').fill('첫 댓글');
  await page.getByRole('button', { name: '댓글 등록' }).click();
  await expect(page.getByRole('heading', { name: '댓글 1' })).toBeVisible();
  await page.getByRole('button', { name: '좋아요 0' }).click();
  await expect(page.getByRole('button', { name: '좋아요 1' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousAxeViolations(page);
});

test('markup in a post and a comment renders as inert text', async ({ page }) => {
  const xss = '<img src=x onerror="window.__xss=1">"><svg onload="window.__xss=2">';
  await signInByApi(page, 'viewer01');
  const channels = await (await page.request.get('/api/my/rankings')).json();
  const channelId: number = channels.list[0].channelId;
  const post = await page.request.post('/api/cs/board-write', {
    multipart: { channelId: String(channelId), category: 'free', title: `T ${xss}`, content: `C ${xss}` },
  });
  const { boardId } = await post.json();
  await page.request.post('/api/cs/board-comment', { data: { boardId, content: `K ${xss}` } });
  await page.goto(`/boards?channelId=${channelId}&boardId=${boardId}`);
  await expect(page.getByRole('heading', { name: `[자유] T ${xss}` })).toBeVisible();
  await expect(page.getByText(`K ${xss}`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
});
