// How fast verify asks: at most `concurrency` requests in flight (one by default) and, with a rate, at most that
// many started per second. A staging service is someone's; verify is polite to it unless told otherwise.

export interface Pacer {
  /** Runs every task, no more than the pacer allows at once, and resolves with their results in order. */
  all<T>(tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]>;
  /** Waits for a start slot (the rate), then runs one task. */
  one<T>(task: () => Promise<T>): Promise<T>;
}

export function createPacer(concurrency: number, ratePerSecond: number | undefined): Pacer {
  const interval = ratePerSecond === undefined ? 0 : 1000 / ratePerSecond;
  // Starts take turns: each waits until `interval` after the one before it actually started, so a timer that fires
  // late on a busy machine delays the next start rather than letting two start close together.
  let lastStart = Number.NEGATIVE_INFINITY;
  let turn: Promise<void> = Promise.resolve();
  const waitForSlot = () => {
    if (interval === 0) return Promise.resolve();
    const mine = turn.then(async () => {
      const wait = lastStart + interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      lastStart = performance.now();
    });
    turn = mine;
    return mine;
  };
  const one = async <T>(task: () => Promise<T>) => {
    await waitForSlot();
    return task();
  };
  const all = async <T>(tasks: ReadonlyArray<() => Promise<T>>) => {
    const results: T[] = new Array(tasks.length);
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await one(tasks[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
    return results;
  };
  return { all, one };
}
