/**
 * The design system (issue #39 point 2): both themes pass axe's color-contrast rule on the pages a
 * visitor meets first (home, a live page, My page, the shop, sign-up); every control is a 44 px touch
 * target at 375 px; our confirm dialog (an alertdialog named by its question) instead of the
 * browser's confirm(), ko and en; dialogs wrap their text at 276 px and on a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { contextIn, signUpFresh } from './broadcast-fixtures.ts';
import { channelOf, signIn } from './channel-fixtures.ts';

type Locale = 'ko' | 'en';
type Theme = 'DARK' | 'BLUE';
const PHONE = { width: 375, height: 740 };

interface Visit {
  name: string;
  member: boolean;
  path(request: APIRequestContext): Promise<string>;
  /** What shows once the page's islands have drawn what a visitor reads. */
  ready(page: Page, locale: Locale): Promise<void>;
}

const VISITS: Visit[] = [
  {
    name: 'home',
    member: false,
    path: async () => '/',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    name: 'a live page',
    member: true,
    path: async (request) => `/channels/${await channelOf(request, 'bj0001')}/live`,
    ready: async (page, locale) => {
      await expect(page.getByText(locale === 'ko' ? '채팅 연결됨' : 'Chat connected')).toBeVisible({
        timeout: 20_000,
      });
    },
  },
  {
    name: 'My page',
    member: true,
    path: async () => '/my',
    ready: async (page, locale) => {
      await expect(page.getByRole('heading', { name: locale === 'ko' ? '내 정보' : 'My profile' })).toBeVisible();
      // The summary's counts are links: measured once they are there.
      const summary = page.getByRole('region', { name: locale === 'ko' ? '한눈에 보기' : 'At a glance' });
      await expect(summary.getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'the shop',
    member: true,
    path: async () => '/luv',
    ready: async (page) => {
      await expect(page.getByRole('radio').first()).toBeVisible();
    },
  },
  {
    name: 'sign-up',
    member: false,
    path: async () => '/signup',
    ready: async (page, locale) => {
      await expect(page.getByRole('textbox', { name: locale === 'ko' ? '아이디' : 'ID' }).first()).toBeVisible();
    },
  },
];

async function open(browser: Browser, visit: Visit, locale: Locale, theme: Theme, viewport?: typeof PHONE) {
  const { context, page } = await contextIn(browser, locale);
  if (viewport) await page.setViewportSize(viewport);
  await context.addInitScript((t) => localStorage.setItem('flx_theme', t), theme);
  if (visit.member) await signIn(page.request, 'viewer01');
  await page.goto(await visit.path(page.request));
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await visit.ready(page, locale);
  return { context, page };
}

for (const theme of ['DARK', 'BLUE'] as const) {
  for (const visit of VISITS) {
    test(`${theme}: ${visit.name} passes axe's color-contrast (ko, desktop and 375 px)`, async ({ browser }) => {
      for (const viewport of [undefined, PHONE]) {
        const { context, page } = await open(browser, visit, 'ko', theme, viewport);
        const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        const failures = result.violations.flatMap((v) =>
          v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join(' ')}`),
        );
        expect(failures, `${viewport ? '375 px' : 'desktop'}`).toEqual([]);
        await context.close();
      }
    });
  }
}

/**
 * Controls smaller than 44 × 44 px: buttons, links that stand alone (not a word in a sentence),
 * fields, and the label of a checkbox or radio (its target). What is hidden, or scrolled out of a
 * row that scrolls sideways, is still measured: a finger reaches it once it is in view.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="menuitem"], ' +
      'input:not([type="hidden"])';
    const out: string[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        target = el.labels?.[0] ?? el;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue; // visually hidden (its label is the target)
      // A link inside a sentence is exempt (WCAG 2.5.5 "inline").
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
        const block = el.parentElement;
        if (block && (block.textContent ?? '').trim() !== (el.textContent ?? '').trim()) continue;
      }
      // A chat line's name is a button in a line of text, sized by the line (WCAG 2.5.8's "inline" exception, like
      // the links above); the line itself is the row a finger taps for the name menu.
      if (el.classList.contains('chat-nick')) continue;
      // The range slider's thumb and track are drawn by the player helper (issue #39 point 3).
      if (el instanceof HTMLInputElement && el.type === 'range') continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return out;
  });
}

for (const locale of ['ko', 'en'] as const) {
  for (const visit of VISITS) {
    test(`${locale}: every control on ${visit.name} is a 44 px target at 375 px`, async ({ browser }) => {
      const { context, page } = await open(browser, visit, locale, 'BLUE', PHONE);
      expect(await smallTargets(page)).toEqual([]);
      await context.close();
    });
  }
}

const CONFIRM = {
  ko: { question: '이 쪽지함의 쪽지를 모두 삭제할까요?', all: '전체 삭제', cancel: '취소', inbox: '받은 쪽지' },
  en: { question: 'Delete every message in this box?', all: 'Delete all', cancel: 'Cancel', inbox: 'Inbox' },
} as const;

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: deleting every message asks in our dialog, not the browser's`, async ({ browser, playwright }) => {
    const t = CONFIRM[locale];
    const { context, page } = await contextIn(browser, locale);
    const loginId = await signUpFresh(page.request, 'dsconf');
    const sender = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signIn(sender, 'viewer02');
    const sent = await sender.post('/v2/api/my/messages', { data: { loginId, content: `hello ${locale}` } });
    expect(sent.ok(), await sent.text()).toBe(true);
    const inboxTotal = async () =>
      (
        (await (await page.request.get('/v2/api/my/messages?division=receive&offset=0&limit=20')).json()) as {
          total: number;
        }
      ).total;
    const native: string[] = [];
    page.on('dialog', (d) => {
      native.push(d.message());
      void d.dismiss();
    });

    await page.setViewportSize(PHONE);
    await page.goto('/my/messages');
    const panel = page.getByRole('tabpanel', { name: t.inbox });
    await expect(panel.getByRole('listitem').filter({ hasText: `hello ${locale}` })).toBeVisible();
    const deleteAll = panel.getByRole('button', { name: t.all, exact: true });

    await deleteAll.click();
    const ask = page.getByRole('alertdialog', { name: t.question });
    await expect(ask).toBeVisible();
    // The safe answer has the focus; 취소 keeps the messages and gives the focus back.
    await expect(ask.getByRole('button', { name: t.cancel })).toBeFocused();
    await ask.getByRole('button', { name: t.cancel }).click();
    await expect(ask).toHaveCount(0);
    await expect(deleteAll).toBeFocused();
    expect(await inboxTotal()).toBe(1);

    // Escape answers no as well.
    await deleteAll.click();
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    expect(await inboxTotal()).toBe(1);

    await deleteAll.click();
    const box = await ask.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await ask.getByRole('button', { name: t.all, exact: true }).click();
    await expect(ask).toHaveCount(0);
    await expect(panel.getByRole('listitem').filter({ hasText: `hello ${locale}` })).toHaveCount(0);
    await expect.poll(inboxTotal).toBe(0);
    expect(native).toEqual([]);
    await sender.dispose();
    await context.close();
  });
}

/** Elements of the dialog whose text is wider than their box, or whose box reaches past the dialog's. */
async function clipped(page: Page): Promise<string[]> {
  return page.getByRole('dialog').evaluate((dialog) => {
    const edge = dialog.getBoundingClientRect();
    const out: string[] = [];
    if (dialog.scrollWidth > dialog.clientWidth) out.push(`dialog ${dialog.scrollWidth} > ${dialog.clientWidth}`);
    for (const el of Array.from(dialog.querySelectorAll<HTMLElement>('h2, p, legend, label, button'))) {
      const box = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth || box.right > edge.right + 0.5 || box.left < edge.left - 0.5)
        out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 24)}"`);
    }
    return out;
  });
}

for (const [locale, viewport] of [
  ['ko', { width: 1280, height: 800 }],
  ['ko', PHONE],
  ['en', PHONE],
] as const) {
  test(`${locale} at ${viewport.width} px: the subscribe dialog wraps its text inside 276 px`, async ({ browser }) => {
    const { context, page } = await contextIn(browser, locale);
    await page.setViewportSize(viewport);
    await signUpFresh(page.request, 'dssub');
    await page.goto(`/channels/${await channelOf(page.request, 'bj0001')}`);
    await page.getByRole('button', { name: locale === 'ko' ? '구독' : 'Subscribe', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: locale === 'ko' ? '데모BJ 구독하기' : 'Subscribe to 데모BJ' });
    await expect(
      dialog.getByText(
        locale === 'ko' ? '정기 구독은 매월 같은 카드로 자동 결제되며' : 'Monthly renews on the same card every month',
        { exact: false },
      ),
    ).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(276.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(await clipped(page)).toEqual([]);
    await context.close();
  });
}

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: a loading list shows its skeleton, then the rows`, async ({ browser }) => {
    const { context, page } = await contextIn(browser, locale);
    await signUpFresh(page.request, 'dsskel');
    // The inbox answers only when the test lets it: the skeleton is on screen meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v2/api/my/messages?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/my/messages');
    const loading = page
      .getByRole('status')
      .filter({ hasText: locale === 'ko' ? '목록을 불러오는 중' : 'Loading the list' });
    await expect(loading).toBeVisible();
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(loading).toHaveCount(0);
    await expect(page.getByText(locale === 'ko' ? '쪽지가 없습니다.' : 'No messages.')).toBeVisible();
    await context.close();
  });
}
