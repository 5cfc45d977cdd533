import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, onceAnswer } from './ConfirmDialog.tsx';

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its question, 취소 first and focused, then the action', () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog locale="ko" text="방송을 종료할까요?" confirmLabel="방송 종료" danger onAnswer={() => {}} />,
    );
    expect(html).toMatch(/<dialog role="alertdialog" aria-modal="true" aria-labelledby="([^"]+)-text"/);
    const id = /aria-labelledby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<p id="${id}" class="flx-dialog__text flx-dialog__question">방송을 종료할까요?</p>`);
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((b) => b[0]);
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain('>취소<');
    expect(buttons[0]).toMatch(/autofocus/i);
    expect(buttons[1]).toContain('flx-button--danger');
    expect(buttons[1]).toContain('>방송 종료<');
  });
  it('says OK and Cancel in English when the action has no words of its own', () => {
    const html = renderToStaticMarkup(<ConfirmDialog locale="en" text="Delete this?" onAnswer={() => {}} />);
    expect(html).toContain('>Cancel<');
    expect(html).toContain('flx-button--primary">OK<');
  });
});

describe('onceAnswer', () => {
  it('passes the first answer on and ignores the rest (Escape after a click)', () => {
    const settle = vi.fn();
    const answer = onceAnswer(settle);
    answer(true);
    answer(false);
    expect(settle).toHaveBeenCalledTimes(1);
    expect(settle).toHaveBeenCalledWith(true);
  });
});
