import type { Browser, Page } from '@playwright/test';
import { unique } from './my-fixtures.ts';
import { expect, expectNoSeriousAxeViolations, signInByApi, test } from './shell-fixtures.ts';

async function openAs(browser: Browser, baseURL: string, loginId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInByApi(page, loginId);
  return page;
}

async function compose(page: Page, to: string, text: string) {
  await page.getByRole('tab', { name: '쪽지 쓰기' }).click();
  await page.getByLabel('받는 사람 ID').fill(to);
  await page.getByLabel('내용').fill(text);
  await page.getByRole('button', { name: '보내기' }).click();
}

test('two members exchange messages and one blocks the other', async ({ browser, baseURL }) => {
  const sender = await openAs(browser, baseURL!, 'viewer02');
  const receiver = await openAs(browser, baseURL!, 'adult01');
  // A clean start when the stack is reused: adult01 has not blocked viewer02.
  await receiver.request.delete('/api/my/blacklist/viewer02');

  const hello = unique('안녕하세요');
  await sender.goto('/my/messages');
  await compose(sender, 'adult01', hello);
  await expect(sender.getByText('쪽지를 보냈습니다.')).toBeVisible();

  // The header tells the receiver, on any page, that something is unread.
  await receiver.goto('/');
  await expect(receiver.getByRole('link', { name: /^쪽지함, 안 읽은 쪽지 [1-9]\d*개$/ })).toBeVisible();

  await receiver.goto('/my/messages');
  const inbox = receiver.getByRole('tabpanel');
  await expect(inbox.getByRole('listitem').filter({ hasText: hello })).toBeVisible();
  await inbox
    .getByRole('listitem')
    .filter({ hasText: hello })
    .getByRole('button', { name: /시청자02 \(viewer02\)/ })
    .click();
  await expect(receiver.getByRole('heading', { name: '보낸 사람: 시청자02 (viewer02)' })).toBeVisible();
  await receiver.getByRole('button', { name: '답장' }).click();
  await expect(receiver.getByLabel('받는 사람 ID')).toHaveValue('viewer02');
  const reply = unique('반가워요');
  await receiver.getByLabel('내용').fill(reply);
  await receiver.getByRole('button', { name: '보내기' }).click();
  await expect(receiver.getByText('쪽지를 보냈습니다.')).toBeVisible();

  await sender.getByRole('tab', { name: '받은 쪽지' }).click();
  await expect(sender.getByRole('tabpanel').getByRole('listitem').filter({ hasText: reply })).toBeVisible();
  await expectNoSeriousAxeViolations(sender);

  await receiver.getByRole('tab', { name: '받은 쪽지' }).click();
  await receiver
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: hello })
    .getByRole('button', { name: /viewer02/ })
    .click();
  await receiver.getByRole('button', { name: '차단', exact: true }).click();
  await expect(receiver.getByText('viewer02 님을 차단했습니다.')).toBeVisible();
  await receiver.getByRole('tab', { name: '차단 목록' }).click();
  await expect(receiver.getByRole('button', { name: 'viewer02 차단 해제' })).toBeVisible();
  await expectNoSeriousAxeViolations(receiver);

  await compose(sender, 'adult01', unique('또 보내요'));
  // The API's own words for message_blocked (error_message_blocked), in the page's language.
  await expect(sender.getByRole('alert').filter({ hasText: '상대방이 쪽지를 받지 않습니다.' })).toBeVisible();

  await receiver.getByRole('button', { name: 'viewer02 차단 해제' }).click();
  await expect(receiver.getByText('차단한 회원이 없습니다.')).toBeVisible();
  await sender.context().close();
  await receiver.context().close();
});
