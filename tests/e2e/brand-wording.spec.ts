/**
 * The host brand (hearheart) calls its broadcasters hosts, in Korean and English: the gift dialog
 * names the recipient as one, the frozen-chat notice and the broadcaster's chat badge say so.
 * A demo room of its own (bj0002's), so the freeze touches no other spec's chat.
 */
import { expect, test, type Browser } from '@playwright/test';
import { brandById } from '../../domain/brands.ts';
import { PORT } from './auth-fixtures.ts';
import { PASSWORD } from './channel-fixtures.ts';
import { pageFetch } from './brand-fixtures.ts';

test.describe.configure({ mode: 'serial' });

const HEARHEART = `http://hearheart.localhost:${PORT}`;
const host = brandById('hearheart').casterTitle;
const W = {
  ko: {
    gift: '선물하기',
    to: `받는 ${host.ko}: IVS데모BJ`, // the nickname (issue #39: nicknames wherever people are named)
    frozen: `채팅이 얼려졌습니다. ${host.ko} 및 매니저만 채팅할 수 있습니다.`,
    list: '채팅 메시지',
    connected: '채팅 연결됨',
  },
  en: {
    gift: 'Send a gift',
    to: `To ${host.en} IVS데모BJ`,
    frozen: `Chat is frozen. Only the ${host.en} and managers can talk.`,
    list: 'Chat messages',
    connected: 'Chat connected',
  },
} as const;

async function onHearheart(browser: Browser, loginId: string, locale: 'ko' | 'en') {
  const context = await browser.newContext({ baseURL: HEARHEART });
  await context.addCookies([{ name: 'locale', value: locale, url: HEARHEART }]);
  const page = await context.newPage();
  await page.goto('/');
  const res = await pageFetch(page, '/v2/api/auth/signin', {
    method: 'POST',
    json: { loginId, password: PASSWORD, loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(res.status).toBe(200);
  return { context, page };
}

for (const locale of ['ko', 'en'] as const) {
  const w = W[locale];
  test(`${locale}: hearheart says host in the gift dialog, the frozen notice and the chat badge`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const viewer = await onHearheart(browser, 'viewer02', locale);
    const lives = JSON.parse((await pageFetch(viewer.page, '/api/lives?limit=100')).text) as {
      list: { loginId: string; channelId: number }[];
    };
    const channelId = lives.list.find((l) => l.loginId === 'bj0002')!.channelId;

    await viewer.page.goto(`/channels/${channelId}/live`);
    await expect(viewer.page.getByText(w.connected)).toBeVisible({ timeout: 20_000 });
    await viewer.page.getByRole('button', { name: w.gift, exact: true }).click();
    const dialog = viewer.page.getByRole('dialog');
    await expect(dialog.getByText(w.to, { exact: true })).toBeVisible();
    await viewer.page.keyboard.press('Escape');

    const bj = await onHearheart(browser, 'bj0002', 'ko');
    await bj.page.goto(`/channels/${channelId}/live`);
    await expect(bj.page.getByText('채팅 연결됨')).toBeVisible({ timeout: 20_000 });
    await bj.page.getByRole('button', { name: '채팅 얼리기', exact: true }).click();
    try {
      await expect(viewer.page.getByText(w.frozen, { exact: true })).toBeVisible();
      const line = `hearheart ${locale} ${Date.now()}`;
      await bj.page.getByRole('textbox', { name: '채팅 입력' }).fill(line);
      await bj.page.getByRole('button', { name: '전송' }).click();
      const item = viewer.page.getByRole('list', { name: w.list }).getByRole('listitem').filter({ hasText: line });
      // The viewer watches the IVS live seconds behind: the chat shows the line when its moment reaches their
      // screen (issue #40, "채팅을 영상에 맞추기", on by default).
      await expect(item.getByText(host[locale], { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(item.getByText('BJ', { exact: true })).toHaveCount(0);
    } finally {
      await bj.page.getByRole('button', { name: '채팅 얼리기 해제' }).click();
      await expect(bj.page.getByRole('button', { name: '채팅 얼리기', exact: true })).toBeVisible();
    }
    // The API speaks the brand's words too: the home banners name the host, never a BJ.
    const banners = (await pageFetch(viewer.page, '/api/guest/banners')).text;
    expect(banners).toContain(host[locale]);
    expect(banners).not.toMatch(/\bBJ\b/);
    await bj.context.close();
    await viewer.context.close();
  });
}
