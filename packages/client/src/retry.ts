/** Statuses worth another attempt (for operations that are safe to repeat). */
export const RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

/**
 * Delay before retry number `retry` (0 for the first retry): 0.5 s doubling, capped at 8 s, minus up to 25 %
 * jitter so that many clients failing together do not retry in lockstep.
 */
export const backoffDelay = (retry: number, random: () => number = Math.random, baseMs = 500): number =>
  Math.round(Math.min(8e3, baseMs * 2 ** retry) * (1 - random() / 4));

/** Parses `Retry-After` (delta-seconds or an HTTP date) into milliseconds; `undefined` when absent or unparseable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (v) {
    if (/^\d+(\.\d+)?$/.test(v)) return Math.round(+v * 1e3);
    const at = Date.parse(v);
    if (at) return Math.max(0, at - now);
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.aborted ? onAbort() : signal?.addEventListener('abort', onAbort);
  });
