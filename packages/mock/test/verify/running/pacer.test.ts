import { describe, expect, it } from 'vitest';
import { createPacer } from '../../../src/verify/running/pacer.js';

describe('createPacer', () => {
  it('keeps at most `concurrency` tasks in flight and returns results in order', async () => {
    for (const concurrency of [1, 3]) {
      let inFlight = 0;
      let most = 0;
      const tasks = Array.from({ length: 12 }, (_, i) => async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        return i;
      });
      const results = await createPacer(concurrency, undefined).all(tasks);
      expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i));
      expect(most).toBe(concurrency);
    }
  });

  it('with a rate, starts tasks no closer together than 1/rate seconds', async () => {
    const starts: number[] = [];
    const pacer = createPacer(4, 50);
    await pacer.all(Array.from({ length: 4 }, () => async () => void starts.push(performance.now())));
    // Timers may fire late on a busy machine, never early: each gap is at least the interval (20 ms), less timer rounding.
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(18);
  });
});
