import { describe, expect, it } from 'vitest';
import ja from '../../messages/ja.json' with { type: 'json' };
import zh from '../../messages/zh.json' with { type: 'json' };
import {
  englishHref,
  LANGUAGE_NOTICE_STORAGE_KEY,
  showLanguageNotice,
  type LanguageNoticeEnv,
} from './language-notice.ts';

/** Just enough of a DOM for the note: elements with attributes, children and click listeners. */
class FakeElement {
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  listeners: Record<string, () => void> = {};
  id = '';
  className = '';
  lang = '';
  href = '';
  hreflang = '';
  type = '';
  textContent = '';
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  append(...nodes: FakeElement[]) {
    for (const n of nodes) (n.parent = this), this.children.push(n);
  }
  prepend(node: FakeElement) {
    node.parent = this;
    this.children.unshift(node);
  }
  before(node: FakeElement) {
    const siblings = this.parent!.children;
    node.parent = this.parent;
    siblings.splice(siblings.indexOf(this), 0, node);
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  find(tag: string): FakeElement | undefined {
    for (const c of this.children) {
      if (c.tagName === tag) return c;
      const deeper = c.find(tag);
      if (deeper) return deeper;
    }
  }
}

function page() {
  const body = new FakeElement('body');
  const header = new FakeElement('header');
  body.append(header);
  const all = () => {
    const out: FakeElement[] = [];
    const walk = (e: FakeElement) => e.children.forEach((c) => (out.push(c), walk(c)));
    walk(body);
    return out;
  };
  const document = {
    body,
    createElement: (tag: string) => new FakeElement(tag),
    querySelector: (sel: string) => (sel === '.site-header' ? header : null),
    getElementById: (id: string) => all().find((e) => e.id === id) ?? null,
  };
  const stored = new Map<string, string>();
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
  };
  const env = (load: LanguageNoticeEnv['load']): LanguageNoticeEnv => ({
    document: document as unknown as Document,
    href: 'https://flx.example/channels/7?tab=vod#chat',
    storage,
    load,
  });
  return { body, header, stored, env };
}

const resources = { ja, zh } as unknown as Record<'ja' | 'zh', Record<string, string>>;
const load = async (locale: 'ja' | 'zh') => resources[locale];

describe('englishHref', () => {
  it('keeps the page, its query and fragment, and asks for English', () => {
    expect(englishHref('https://flx.example/channels/7?tab=vod#chat')).toBe('/channels/7?tab=vod&locale=en#chat');
    expect(englishHref('https://flx.example/?locale=ko')).toBe('/?locale=en');
  });
});

describe('showLanguageNotice', () => {
  it.each(['ja', 'zh'] as const)(
    'shows the %s note above the header, in that language, from the resource file',
    async (locale) => {
      const p = page();
      const note = (await showLanguageNotice(locale, p.env(load))) as unknown as FakeElement;
      expect(p.body.children).toEqual([note, p.header]);
      expect(note.tagName).toBe('aside');
      expect(note.lang).toBe(locale);
      expect(note.attributes['aria-label']).toBe(resources[locale].shell_language_notice_label);
      expect(note.find('p')!.textContent).toBe(resources[locale].shell_language_notice_text);
      const link = note.find('a')!;
      expect([link.textContent, link.href, link.hreflang]).toEqual([
        resources[locale].shell_language_notice_english,
        '/channels/7?tab=vod&locale=en#chat',
        'en',
      ]);
      expect(note.find('button')!.textContent).toBe(resources[locale].shell_dialog_close);
    },
  );

  it('closing it removes it and keeps it closed on the next pages', async () => {
    const p = page();
    const note = (await showLanguageNotice('ja', p.env(load))) as unknown as FakeElement;
    note.find('button')!.listeners.click!();
    expect(p.body.children).toEqual([p.header]);
    expect(p.stored.get(LANGUAGE_NOTICE_STORAGE_KEY)).toBe('1');
    let loaded = false;
    expect(
      await showLanguageNotice(
        'ja',
        p.env(async (l) => ((loaded = true), load(l))),
      ),
    ).toBeNull();
    expect(loaded).toBe(false);
  });

  it('shows nothing when the resource failed to load (empty messages)', async () => {
    const p = page();
    expect(
      await showLanguageNotice(
        'zh',
        p.env(async () => ({})),
      ),
    ).toBeNull();
    expect(p.body.children).toEqual([p.header]);
  });

  it('shows one note however often it is asked', async () => {
    const p = page();
    await showLanguageNotice('ja', p.env(load));
    expect(await showLanguageNotice('ja', p.env(load))).toBeNull();
    expect(p.body.children).toHaveLength(2);
  });
});
