import { fail } from './errors.js';

/**
 * A count option (retries, milliseconds): a non-negative number, `Infinity` only where `infinityAllowed`.
 * `undefined` keeps the default.
 */
export function readCount(value: unknown, fallback: number, name: string, infinityAllowed = false): number {
  if (value === undefined) return fallback;
  const isCount = typeof value === 'number' && value >= 0 && (infinityAllowed || value < Infinity);
  if (!isCount) fail(`${name} must be a non-negative number`);
  return value as number;
}

// fetch refuses URLs with credentials, and its error would repeat them: refuse them here, without repeating them.
const HTTP_URL_WITHOUT_CREDENTIALS = /^https?:\/\/[^/?#@]+([/?#]|$)/i;

export function checkBaseUrl(value: unknown, name: string): void {
  const isValid = typeof value === 'string' && HTTP_URL_WITHOUT_CREDENTIALS.test(value);
  if (!isValid) fail(`${name} must be an absolute http(s) URL without credentials`);
}
