import { describe, expect, it } from 'vitest';
import { createLookupBatcher } from '../../src/sandbox/store/lookup-batcher.js';

describe('createLookupBatcher', () => {
  it('sends the lookups made in one turn as one batch and answers each with its own value', async () => {
    const batches: number[][] = [];
    const batcher = createLookupBatcher(async (keys: number[]) => {
      batches.push(keys);
      return keys.map((key) => key * 10);
    });
    const first = await Promise.all([1, 2, 3].map((key) => batcher.load(key)));
    const second = await batcher.load(4);
    expect(first).toEqual([10, 20, 30]);
    expect(second).toBe(40);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('fails every lookup of a batch that failed, and the next batch starts afresh', async () => {
    let fail = true;
    const batcher = createLookupBatcher(async (keys: string[]) => {
      if (fail) throw new Error('database unavailable');
      return keys;
    });
    const failed = await Promise.allSettled([batcher.load('a'), batcher.load('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.load('c')).toBe('c');
  });

  it('holds the lookups made while a batch is at the database until it answers, then sends them as one batch', async () => {
    const batches: number[][] = [];
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const batcher = createLookupBatcher(async (keys: number[]) => {
      batches.push(keys);
      if (batches.length === 1) await firstAnswered;
      return keys.map((key) => key + 1);
    });
    const first = batcher.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    // Asked in three later turns, while the first batch waits for its answer.
    const later: Array<Promise<number>> = [];
    for (const key of [2, 3, 4]) {
      later.push(batcher.load(key));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches).toEqual([[1]]);
    answerFirst();
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([3, 4, 5]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });
});
