import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAnnouncer } from './chat-announcer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('announces at most once per 2 s under a flood, always the newest line', () => {
  const spoken: [number, string][] = [];
  const start = Date.now();
  const announce = createAnnouncer(2000, (t) => spoken.push([Date.now() - start, t]));
  for (let i = 0; i < 100; i += 1) {
    announce(`line ${i}`);
    vi.advanceTimersByTime(50);
  }
  vi.advanceTimersByTime(5000);
  const times = spoken.map(([t]) => t);
  for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2000);
  expect(spoken.length).toBeLessThanOrEqual(4);
  expect(spoken.at(-1)![1]).toBe('line 99');
  expect(spoken[0]![1]).toBe('line 0');
});

it('speaks a lone line at once', () => {
  const spoken: string[] = [];
  const announce = createAnnouncer(2000, (t) => spoken.push(t));
  announce('hello');
  vi.advanceTimersByTime(0);
  expect(spoken).toEqual(['hello']);
});
