import { describe, expect, it } from 'vitest';
import ko from '../../messages/ko.json' with { type: 'json' };
import { loadLocaleMessages } from './locale-loading.ts';

function recorder() {
  const warnings: string[] = [];
  return { warnings, warn: (m: string) => void warnings.push(m) };
}

describe('loadLocaleMessages (SPEC §8)', () => {
  it('loads the bundled resources, including ja and zh', async () => {
    const r = recorder();
    const ko = await loadLocaleMessages('ko', undefined, r.warn);
    expect(ko.shell_alert_title).toBe('안내');
    const ja = await loadLocaleMessages('ja', undefined, r.warn);
    expect(typeof ja).toBe('object');
    expect(r.warnings).toEqual([]);
  });
  it.each(['ja', 'zh'])('loads %s whole: a text for every message of ko.json', async (locale) => {
    const r = recorder();
    const messages = await loadLocaleMessages(locale, undefined, r.warn);
    const texts = Object.keys(ko).filter(
      (k) => !k.startsWith('$') && typeof (ko as Record<string, unknown>)[k] === 'string',
    );
    expect(texts.filter((k) => !messages[k]?.trim())).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(texts.sort());
    expect(messages.shell_language_notice_text).not.toBe((ko as Record<string, string>).shell_language_notice_text);
    expect(r.warnings).toEqual([]);
  });
  it('a loader that fails gives empty messages and a warning', async () => {
    const r = recorder();
    const out = await loadLocaleMessages('en', () => Promise.reject(new Error('network')), r.warn);
    expect(out).toEqual({});
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain('failed to load');
  });
  it('a broken file gives empty messages and a warning', async () => {
    const r = recorder();
    expect(await loadLocaleMessages('en', () => Promise.resolve('not json'), r.warn)).toEqual({});
    expect(r.warnings).toHaveLength(1);
  });
  it('an unknown locale gives empty messages and a warning', async () => {
    const r = recorder();
    expect(await loadLocaleMessages('fr', undefined, r.warn)).toEqual({});
    expect(r.warnings[0]).toContain('"fr"');
  });
});
