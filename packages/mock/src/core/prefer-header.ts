// Parses the `Prefer` request header: Prism's `code=404, example=notFound, dynamic=true`, a `seed` for
// generated bodies, and the test double's faults: `fault=503, retry-after=2, times=2, key=K, delay=300`.
import type { Violation } from '../types.js';

/** What `Prefer: fault=...` may ask for: an error status, or a dropped connection. */
export const FAULT_KINDS = ['429', '500', '502', '503', '504', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The longest `delay` a request may ask for, in milliseconds (two minutes: past any client's time limit). */
export const MAX_DELAY_MS = 120_000;

export interface Preferences {
  code?: number;
  exampleKey?: string;
  /** `dynamic=true`: a body generated from the schema instead of a documented example */
  dynamic?: boolean;
  /** `seed=S`: the generated body is the same for the same operation and seed */
  seed?: string;
  /** `fault=503` or `fault=reset`: fail this request on purpose */
  fault?: FaultKind;
  /** `retry-after=N` (seconds) or `none`; a fault's Retry-After is 1 by default */
  retryAfter?: number | 'none';
  /** `times=N, key=K`: the fault hits only the first N requests that carry key K */
  times?: number;
  key?: string;
  /** `delay=MS`: answer after MS milliseconds */
  delayMs?: number;
}

type PreferenceReader = (raw: string, into: Preferences) => Violation | undefined;

const READERS: Record<string, PreferenceReader> = {
  code(raw, into) {
    if (!/^\d{3}$/.test(raw)) return preferViolation('format', 'code must be a 3-digit HTTP status, e.g. Prefer: code=404');
    into.code = Number(raw);
    return undefined;
  },
  example(raw, into) {
    if (raw === '') return preferViolation('format', 'example must name an example, e.g. Prefer: example=notFound');
    into.exampleKey = raw;
    return undefined;
  },
  dynamic(raw, into) {
    if (raw !== 'true' && raw !== 'false') return preferViolation('format', 'dynamic must be true or false, e.g. Prefer: dynamic=true');
    into.dynamic = raw === 'true';
    return undefined;
  },
  seed(raw, into) {
    if (raw === '') return preferViolation('format', 'seed must not be empty, e.g. Prefer: dynamic=true, seed=42');
    into.seed = raw;
    return undefined;
  },
  fault(raw, into) {
    const kind = FAULT_KINDS.find((known) => known === raw.toLowerCase());
    if (kind === undefined) return preferViolation('enum', `fault must be one of ${FAULT_KINDS.join(', ')} (got ${raw})`);
    into.fault = kind;
    return undefined;
  },
  'retry-after'(raw, into) {
    if (raw.toLowerCase() === 'none') {
      into.retryAfter = 'none';
      return undefined;
    }
    if (!/^\d{1,6}$/.test(raw)) return preferViolation('format', 'retry-after must be a number of seconds or none, e.g. Prefer: fault=429, retry-after=2');
    into.retryAfter = Number(raw);
    return undefined;
  },
  times(raw, into) {
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return preferViolation('format', 'times must be a positive integer, e.g. Prefer: fault=503, times=2, key=retry-test');
    into.times = Number(raw);
    return undefined;
  },
  key(raw, into) {
    if (raw === '' || raw.length > 200) return preferViolation('format', 'key must be 1 to 200 characters, e.g. Prefer: fault=503, times=2, key=retry-test');
    into.key = raw;
    return undefined;
  },
  delay(raw, into) {
    if (!/^\d{1,6}$/.test(raw) || Number(raw) > MAX_DELAY_MS) {
      return preferViolation('maximum', `delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS} (got ${raw})`);
    }
    into.delayMs = Number(raw);
    return undefined;
  },
};

/** What a request without a Prefer header asks for (most requests): nothing, one shared answer. */
const NO_PREFERENCES: Preferences = Object.freeze({});

export function parsePrefer(header: string | string[] | undefined): Preferences | Violation {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return NO_PREFERENCES;
  const preferences: Preferences = {};
  for (const part of value.split(/[,;]/)) {
    const [rawKey, ...rest] = part.split('=');
    const key = rawKey?.trim().toLowerCase();
    if (!key) continue;
    const read = READERS[key];
    // Other preferences (respond-async, return=minimal, ...) are not the mock's to honour: ignored.
    if (read === undefined) continue;
    const raw = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    const violation = read(raw, preferences);
    if (violation !== undefined) return violation;
  }
  return checkFaultOptions(preferences);
}

/** `times`, `key` and `retry-after` only mean something with a fault, and `times` with a `key`. */
function checkFaultOptions(preferences: Preferences): Preferences | Violation {
  const hasCounter = preferences.times !== undefined || preferences.key !== undefined;
  const refinesFault = hasCounter || preferences.retryAfter !== undefined;
  if (refinesFault && preferences.fault === undefined) {
    return preferViolation('dependency', 'times, key and retry-after refine a fault: add fault=..., e.g. Prefer: fault=503, times=2, key=retry-test');
  }
  if (hasCounter && (preferences.times === undefined || preferences.key === undefined)) {
    return preferViolation('dependency', 'times and key go together: Prefer: fault=503, times=2, key=retry-test fails the first 2 requests with that key');
  }
  return preferences;
}

export function isPreferViolation(parsed: Preferences | Violation): parsed is Violation {
  return 'rule' in parsed;
}

/** A violation of the Prefer header: the request asked for something the mock cannot serve. */
export function preferViolation(rule: string, text: string): Violation {
  return { location: ['header', 'prefer'], rule, message: `header.prefer ${text}` };
}
