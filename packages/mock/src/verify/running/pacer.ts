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
  let nextStart = 0;
  const waitForSlot = async () => {
    if (interval === 0) return;
    const now = performance.now();
    const start = Math.max(now, nextStart);
    nextStart = start + interval;
    const wait = start - now;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
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
