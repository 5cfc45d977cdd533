import { expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

it('recognises outages by SQLSTATE, errno and driver message, also wrapped as a cause', () => {
  expect(
    isDatabaseUnavailable(
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ),
  ).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
  expect(
    isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
  ).toBe(true);
  expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  expect(
    isDatabaseUnavailable(
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
    ),
  ).toBe(true);
});

it('leaves bugs and constraint errors alone', () => {
  expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
