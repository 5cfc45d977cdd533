import { describe, expect, it } from 'vitest';
import { canStep, stepValue } from './stepper-value.ts';

describe('stepValue', () => {
  it('moves one step either way', () => {
    expect(stepValue('5', 1, 1, 10)).toBe('6');
    expect(stepValue('5', -1, 1, 10)).toBe('4');
  });
  it('stays within the bounds', () => {
    expect(stepValue('10', 1, 1, 10)).toBe('10');
    expect(stepValue('1', -1, 1, 10)).toBe('1');
    expect(stepValue('500', -1, 1, 10)).toBe('10');
    expect(stepValue('-3', 1, 1, 10)).toBe('1');
  });
  it('starts from the minimum when the field holds no number', () => {
    expect(stepValue('', 1, 1, 10)).toBe('1');
    expect(stepValue('  ', -1, 1, 10)).toBe('1');
    expect(stepValue('abc', 1, 1, 10)).toBe('1');
  });
  it('lands on whole steps', () => {
    expect(stepValue('2.6', 1, 1, 10)).toBe('4');
  });
});

describe('canStep', () => {
  it('is off at the bound it would pass', () => {
    expect(canStep('1', -1, 1, 10)).toBe(false);
    expect(canStep('1', 1, 1, 10)).toBe(true);
    expect(canStep('10', 1, 1, 10)).toBe(false);
    expect(canStep('10', -1, 1, 10)).toBe(true);
  });
  it('is on while the field holds no number (a step writes the minimum)', () => {
    expect(canStep('', -1, 1, 10)).toBe(true);
  });
});
