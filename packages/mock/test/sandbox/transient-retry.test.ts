// The Postgres store retries what a busy database resolves by itself (a pool wait, a serialization
// failure, a deadlock) within its budget, and nothing else.
import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError, retryTransient } from '../../src/sandbox/store/transient-retry.js';

const quickBudget = { totalMs: 60_000, firstPauseMs: 1, maxPauseMs: 2 };
const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

/** Work that fails with `errors` in turn, then answers 'done'; counts its calls. */
function failingThen(errors: unknown[]) {
  let calls = 0;
  const work = async () => {
    calls += 1;
    if (calls <= errors.length) throw errors[calls - 1];
    return 'done';
  };
  return { work, calls: () => calls };
}

describe('transient database errors', () => {
  it('knows serialization failures, deadlocks and a pool that found no free connection in time', () => {
    expect(isTransientDatabaseError(sqlError('40001'))).toBe(true);
    expect(isTransientDatabaseError(sqlError('40P01'))).toBe(true);
    expect(isTransientDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientDatabaseError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isTransientDatabaseError(sqlError('23505'))).toBe(false);
  });

  it('retries a transient failure until the work succeeds', async () => {
    const attempts = failingThen([sqlError('40001'), sqlError('40P01'), new Error('timeout exceeded when trying to connect')]);
    await expect(retryTransient(attempts.work, quickBudget)).resolves.toBe('done');
    expect(attempts.calls()).toBe(4);
  });

  it('gives up at once on an error a retry cannot mend (an unreachable database is down, not slow)', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const attempts = failingThen([refused]);
    await expect(retryTransient(attempts.work, quickBudget)).rejects.toBe(refused);
    expect(attempts.calls()).toBe(1);
  });

  it('gives up with the last transient error when its budget is spent', async () => {
    let clock = 0;
    const attempts = failingThen(Array.from({ length: 100 }, () => sqlError('40001')));
    const counting = async () => {
      clock += 400; // each attempt takes 400 ms of a 1 s budget
      return attempts.work();
    };
    await expect(retryTransient(counting, { totalMs: 1_000, firstPauseMs: 1, maxPauseMs: 1 }, () => clock)).rejects.toMatchObject({ code: '40001' });
    expect(attempts.calls()).toBe(3);
  });
});
