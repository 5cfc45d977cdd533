import { describe, expect, it } from 'vitest';
import { mentions } from '../../stores/chat.ts';
import { matchNames } from './MentionSuggest.tsx';
import { durationText, refusalText } from './RulesUi.tsx';

const off = { slowModeS: 0, followersOnlyMinM: null, subscribersOnly: false, emoteOnly: false };

describe('mentions', () => {
  it('finds @loginId and @nickname as words of their own, in any case', () => {
    expect(mentions('@Viewer01 hi', 'viewer01', '시청자01')).toBe(true);
    expect(mentions('반가워요 @시청자01 잘 들려요', 'viewer01', '시청자01')).toBe(true);
    expect(mentions('@시청자01!', 'viewer01', '시청자01')).toBe(true);
  });
  it('does not take a longer name, a bare name or an e-mail address for a mention', () => {
    expect(mentions('@시청자012 hi', 'viewer01', '시청자01')).toBe(false);
    expect(mentions('@viewer01_x', 'viewer01', null)).toBe(false);
    expect(mentions('시청자01 hi', 'viewer01', '시청자01')).toBe(false);
    expect(mentions('mail viewer01@example.com', 'example', null)).toBe(false);
    expect(mentions('nobody here', 'viewer01', null)).toBe(false);
  });
});

describe('matchNames', () => {
  const names = ['bob', 'Bobby', 'alice', 'robert', 'b1', 'b2', 'b3', 'b4', 'b5'];
  it('puts names that start with the query first, then names that contain it, at most six', () => {
    expect(matchNames(names, 'bo')).toEqual(['bob', 'Bobby']);
    expect(matchNames(names, 'OB')).toEqual(['bob', 'Bobby', 'robert']);
    expect(matchNames(names, 'b')).toHaveLength(6);
  });
  it('offers the newest names for a bare @', () => {
    expect(matchNames(names, '')).toEqual(names.slice(0, 6));
  });
});

describe('rules texts', () => {
  it('words a follow time in its largest whole unit', () => {
    expect(durationText(10, 'ko')).toBe('10분');
    expect(durationText(60, 'ko')).toBe('1시간');
    expect(durationText(1440, 'en')).toBe('1 d');
    expect(durationText(90, 'en')).toBe('90 min');
  });
  it("gives slow mode's wait in whole seconds, rounded up, and followers-only's follow time", () => {
    expect(refusalText({ ok: false, code: 'slow_mode', retryAfterMs: 2100 }, off, 'ko')).toBe(
      '3초 후에 다시 입력할 수 있어요.',
    );
    expect(refusalText({ ok: false, code: 'followers_only' }, { ...off, followersOnlyMinM: 10 }, 'ko')).toBe(
      '팔로우하고 10분 뒤부터 채팅할 수 있어요.',
    );
    expect(refusalText({ ok: false, code: 'muted' }, off, 'ko')).toBe('');
  });
});
