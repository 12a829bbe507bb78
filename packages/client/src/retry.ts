/** Statuses worth another attempt (for operations that are safe to repeat). */
export const RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

/** The longest pause a server may ask for with `Retry-After`; beyond it we give up rather than hammer it. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Delay before retry number `retry` (0 for the first retry): 0.5 s doubling, capped at 8 s, minus up to 25 %
 * jitter so that many clients failing together do not retry in lockstep.
 */
export function backoffDelay(retry: number, random: () => number = Math.random, baseMs = 500): number {
  const capped = Math.min(8_000, baseMs * 2 ** retry);
  return Math.round(capped * (1 - random() / 4));
}

/** Parses `Retry-After` (delta-seconds or an HTTP date) into milliseconds; `undefined` when absent or unparseable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value?.trim()) return undefined;
  const isSeconds = /^[\d.\s]+$/.test(value) && Number(value) >= 0;
  if (isSeconds) return Math.round(Number(value) * 1_000);
  const date = Date.parse(value);
  if (date) return Math.max(0, date - now);
  return undefined;
}

/**
 * The retry decision after a retryable failure of attempt number `attempt` (0 for the first): how long to wait
 * before the next attempt, or `undefined` to give up (no retries left, or the server asks for too long a pause).
 */
export function retryDelay(
  attempt: number,
  maxRetries: number,
  retryAfter: string | null,
  backoff: (retry: number) => number,
): number | undefined {
  if (attempt >= maxRetries) return undefined;
  const asked = parseRetryAfter(retryAfter);
  if (asked === undefined) return backoff(attempt);
  if (asked > MAX_RETRY_AFTER_MS) return undefined;
  return asked;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort);
  });
}
