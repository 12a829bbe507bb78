/** Statuses worth another attempt (for operations that are safe to repeat). */
export const RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

/**
 * Delay before retry number `retry` (0 for the first retry): 0.5 s doubling, capped at 8 s, minus up to 25 %
 * jitter so that many clients failing together do not retry in lockstep.
 */
export const backoffDelay = (retry: number, random: () => number = Math.random, baseMs = 500): number =>
  Math.round(Math.min(8e3, baseMs * 2 ** retry) * (1 - random() / 4));

/** Parses `Retry-After` (delta-seconds or an HTTP date) into milliseconds; `undefined` when absent or unparseable. */
export const parseRetryAfter = (value: string | null | undefined, now = Date.now()): number | undefined =>
  value?.trim()
    ? /^[\d.\s]+$/.test(value) && +value >= 0
      ? Math.round(+value * 1e3)
      : Date.parse(value)
        ? Math.max(0, Date.parse(value) - now)
        : undefined
    : undefined;

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const done = (aborted?: unknown) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      aborted ? reject(signal!.reason) : resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.aborted ? done(1) : signal?.addEventListener('abort', done);
  });
