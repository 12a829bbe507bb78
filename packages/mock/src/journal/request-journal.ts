// The mock's request journal (GET /_mock/requests): the last requests it answered, newest last, per scope.
// Generic over what is stored, so that the mock can keep each request raw and cheap and redact it (redactHeaders,
// redactBody) only when it is read. Pure: no Node built-ins, since the mock also runs in browsers and workerd.
//
// Bounded per scope, and the number of scopes is bounded too. Per scope, so that a busy sandbox tenant cannot
// push another tenant's requests out of its journal; the scope limit, so that a hosted sandbox with many tenants
// still holds at most size x maxScopes entries: past it the least recently used scope is dropped whole. Bounded in
// bytes too (per scope and in all), so that large bodies cannot make a few hundred entries cost gigabytes.
export { MASK, redactBody, redactHeaders, type HeadersToRedact } from './redaction.js';

/** One request as the journal shows it. */
export interface JournalEntry {
  /** When the request arrived, ISO 8601. */
  time: string;
  /** The `x-request-id` its answer carried (what a client's error reports); absent when the journal is fed by hand. */
  requestId?: string;
  /** The trace id of the W3C `traceparent` the request carried; absent without one. */
  traceId?: string;
  /** The operation the request matched; null when it matched none. */
  operationId: string | null;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names, credentials masked (redactHeaders). */
  headers: Record<string, string>;
  /** Parsed JSON, or the text when not JSON, or null when none; secrets masked (redactBody). */
  body: unknown;
  /** true when the body was larger than the journal keeps (16 KiB): `body` then says so instead of showing it */
  truncated?: true;
  status: number;
  durationMs: number;
  violations: Array<{ location: string[]; rule: string; message: string }>;
}

export interface RequestJournalOptions<T = JournalEntry> {
  /** Entries kept per scope; once full, each new one drops the oldest. Default 1,000. */
  size?: number;
  /** Scopes kept (sandbox tenants; the unscoped journal counts as one); past it the least recently used goes. Default 100. */
  maxScopes?: number;
  /** What an entry costs in bytes (`weigh`); past `maxScopeBytes` a scope drops its oldest. Default: unbounded. */
  maxScopeBytes?: number;
  /** Bytes of all scopes together; past it the least recently used scope drops its oldest first. Default: unbounded. */
  maxTotalBytes?: number;
  /** The bytes an entry holds (its body, headers, target); default 0, so that only the counts bound the journal. */
  weigh?: (entry: T) => number;
}

export interface RequestJournal<T = JournalEntry> {
  /** Keeps `entry` as given (nothing is copied or redacted here), dropping the scope's oldest once it is full. */
  record(entry: T, scope?: string): void;
  /** A new array of the scope's entries, oldest first, newest last; without a scope, the unscoped ones (the stateless mock's). */
  list(scope?: string): T[];
  /** Forgets the scope's entries; without a scope, the unscoped ones. */
  clear(scope?: string): void;
  /** The bytes kept (by `weigh`), in one scope or, without an argument, in all. */
  bytes(scope?: string | typeof ALL_SCOPES): number;
}

/** `bytes(ALL_SCOPES)`: every scope's bytes together. */
export const ALL_SCOPES: unique symbol = Symbol('all scopes');

/**
 * A journal of the last requests, kept apart per scope (the sandbox tenant; undefined in the stateless mock), bounded
 * in entries and, when `weigh` is given, in bytes per scope and in all: a tenant sending large bodies pushes out its
 * own oldest entries, never another tenant's, until the whole journal is at its budget.
 */
export function createRequestJournal<T = JournalEntry>(options: RequestJournalOptions<T> = {}): RequestJournal<T> {
  const { size = 1000, maxScopes = 100, maxScopeBytes = Number.POSITIVE_INFINITY, maxTotalBytes = Number.POSITIVE_INFINITY, weigh = () => 0 } = options;
  requirePositiveInteger('size', size);
  requirePositiveInteger('maxScopes', maxScopes);
  requirePositiveBudget('maxScopeBytes', maxScopeBytes);
  requirePositiveBudget('maxTotalBytes', maxTotalBytes);
  // A Map keeps insertion order: re-inserting a scope on each use keeps the least recently used one first.
  const queues = new Map<string | undefined, Queue<T>>();
  let totalBytes = 0;

  let mostRecent: { scope: string | undefined; queue: Queue<T> } | undefined;

  function use(scope: string | undefined): Queue<T> | undefined {
    // The scope used last is already the most recent: a busy scope (the stateless mock's only one) pays no reordering.
    const isMostRecent = mostRecent !== undefined && mostRecent.scope === scope;
    if (isMostRecent) return mostRecent!.queue;
    const queue = queues.get(scope);
    if (queue === undefined) return undefined;
    queues.delete(scope);
    queues.set(scope, queue);
    mostRecent = { scope, queue };
    return queue;
  }

  function open(scope: string | undefined): Queue<T> {
    const queue = use(scope);
    if (queue !== undefined) return queue;
    const created = createQueue<T>();
    queues.set(scope, created);
    mostRecent = { scope, queue: created };
    dropLeastRecentlyUsed();
    return created;
  }

  function drop(scope: string | undefined): void {
    const queue = queues.get(scope);
    if (queue === undefined) return;
    totalBytes -= queue.bytes;
    queues.delete(scope);
    if (mostRecent?.scope === scope) mostRecent = undefined;
  }

  function dropLeastRecentlyUsed(): void {
    while (queues.size > maxScopes) {
      const [oldest] = queues.keys();
      drop(oldest);
    }
  }

  /** Past the whole journal's budget: the least recently used scopes give up their oldest entries first. */
  function fitTotal(): void {
    while (totalBytes > maxTotalBytes) {
      const [scope, queue] = queues.entries().next().value as [string | undefined, Queue<T>];
      const onlyTheNewestLeft = queues.size === 1 && queue.length <= 1;
      if (onlyTheNewestLeft) return;
      totalBytes -= queue.shift();
      if (queue.length === 0) drop(scope);
    }
  }

  return {
    record(entry, scope) {
      const queue = open(scope);
      const weight = weigh(entry);
      queue.push(entry, weight);
      totalBytes += weight;
      // The newest entry always stays, even alone over the budget: the caller bounds what one entry may hold.
      while (queue.length > size || (queue.bytes > maxScopeBytes && queue.length > 1)) totalBytes -= queue.shift();
      fitTotal();
    },
    list(scope) {
      const queue = use(scope);
      if (queue === undefined) return [];
      return queue.entries();
    },
    clear(scope) {
      drop(scope);
    },
    bytes(scope) {
      if (scope === ALL_SCOPES) return totalBytes;
      return queues.get(scope)?.bytes ?? 0;
    },
  };
}

interface Queue<T> {
  push(entry: T, weight: number): void;
  /** Drops the oldest entry; returns its weight. */
  shift(): number;
  readonly length: number;
  readonly bytes: number;
  /** A new array, oldest first. */
  entries(): T[];
}

/**
 * Entries oldest first, with their weights. Dropping the oldest moves a start index rather than the array; the
 * dropped slots are given back once they are half of it, so recording never copies the rest on each request.
 */
function createQueue<T>(): Queue<T> {
  let slots: T[] = [];
  let weights: number[] = [];
  let start = 0;
  let bytes = 0;
  return {
    push(entry, weight) {
      slots.push(entry);
      weights.push(weight);
      bytes += weight;
    },
    shift() {
      const weight = weights[start]!;
      (slots as Array<T | undefined>)[start] = undefined;
      start += 1;
      bytes -= weight;
      if (start * 2 >= slots.length) {
        slots = slots.slice(start);
        weights = weights.slice(start);
        start = 0;
      }
      return weight;
    },
    get length() {
      return slots.length - start;
    },
    get bytes() {
      return bytes;
    },
    entries() {
      return slots.slice(start);
    },
  };
}

function requirePositiveInteger(name: string, value: number): void {
  if (Number.isInteger(value) && value > 0) return;
  throw new RangeError(`request journal: ${name} must be a positive integer, got ${value}`);
}

function requirePositiveBudget(name: string, value: number): void {
  if (value === Number.POSITIVE_INFINITY) return;
  requirePositiveInteger(name, value);
}
