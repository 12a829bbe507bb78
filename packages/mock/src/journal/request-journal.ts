// The mock's request journal (GET /_mock/requests): the last requests it answered, newest last, per scope.
// Generic over what is stored, so that the mock can keep each request raw and cheap and redact it (redactHeaders,
// redactBody) only when it is read. Pure: no Node built-ins, since the mock also runs in browsers and workerd.
//
// Bounded per scope, and the number of scopes is bounded too. Per scope, so that a busy sandbox tenant cannot
// push another tenant's requests out of its journal; the scope limit, so that a hosted sandbox with many tenants
// still holds at most size x maxScopes entries: past it the least recently used scope is dropped whole.
export { MASK, redactBody, redactHeaders, type HeadersToRedact } from './redaction.js';

/** One request as the journal shows it. */
export interface JournalEntry {
  /** When the request arrived, ISO 8601. */
  time: string;
  /** The operation the request matched; null when it matched none. */
  operationId: string | null;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names, credentials masked (redactHeaders). */
  headers: Record<string, string>;
  /** Parsed JSON, or the text when not JSON, or null when none; secrets masked (redactBody). */
  body: unknown;
  status: number;
  durationMs: number;
  violations: Array<{ location: string[]; rule: string; message: string }>;
}

export interface RequestJournalOptions {
  /** Entries kept per scope; once full, each new one drops the oldest. Default 1,000. */
  size?: number;
  /** Scopes kept (sandbox tenants; the unscoped journal counts as one); past it the least recently used goes. Default 100. */
  maxScopes?: number;
}

export interface RequestJournal<T = JournalEntry> {
  /** Keeps `entry` as given (nothing is copied or redacted here), dropping the scope's oldest once it is full. */
  record(entry: T, scope?: string): void;
  /** A new array of the scope's entries, oldest first, newest last; without a scope, the unscoped ones (the stateless mock's). */
  list(scope?: string): T[];
  /** Forgets the scope's entries; without a scope, the unscoped ones. */
  clear(scope?: string): void;
}

/** A journal of the last requests, kept apart per scope (the sandbox tenant; undefined in the stateless mock). */
export function createRequestJournal<T = JournalEntry>({ size = 1000, maxScopes = 100 }: RequestJournalOptions = {}): RequestJournal<T> {
  requirePositiveInteger('size', size);
  requirePositiveInteger('maxScopes', maxScopes);
  // A Map keeps insertion order: re-inserting a scope on each use keeps the least recently used one first.
  const rings = new Map<string | undefined, Ring<T>>();

  let mostRecent: { scope: string | undefined; ring: Ring<T> } | undefined;

  function use(scope: string | undefined): Ring<T> | undefined {
    // The scope used last is already the most recent: a busy scope (the stateless mock's only one) pays no reordering.
    const isMostRecent = mostRecent !== undefined && mostRecent.scope === scope;
    if (isMostRecent) return mostRecent!.ring;
    const ring = rings.get(scope);
    if (ring === undefined) return undefined;
    rings.delete(scope);
    rings.set(scope, ring);
    mostRecent = { scope, ring };
    return ring;
  }

  function open(scope: string | undefined): Ring<T> {
    const ring = use(scope);
    if (ring !== undefined) return ring;
    const created = createRing<T>(size);
    rings.set(scope, created);
    mostRecent = { scope, ring: created };
    dropLeastRecentlyUsed();
    return created;
  }

  function dropLeastRecentlyUsed(): void {
    while (rings.size > maxScopes) {
      const [oldest] = rings.keys();
      rings.delete(oldest);
    }
  }

  return {
    record(entry, scope) {
      open(scope).push(entry);
    },
    list(scope) {
      const ring = use(scope);
      if (ring === undefined) return [];
      return ring.entries();
    },
    clear(scope) {
      rings.delete(scope);
      if (mostRecent?.scope === scope) mostRecent = undefined;
    },
  };
}

interface Ring<T> {
  push(entry: T): void;
  /** A new array, oldest first. */
  entries(): T[];
}

/** A fixed-size ring: once full, each new entry takes the oldest one's slot, so recording never copies the rest. */
function createRing<T>(size: number): Ring<T> {
  const slots: T[] = [];
  // The oldest entry's slot once the ring is full (0 until then).
  let oldest = 0;
  return {
    push(entry) {
      if (slots.length < size) {
        slots.push(entry);
        return;
      }
      slots[oldest] = entry;
      oldest = (oldest + 1) % size;
    },
    entries() {
      return [...slots.slice(oldest), ...slots.slice(0, oldest)];
    },
  };
}

function requirePositiveInteger(name: string, value: number): void {
  if (Number.isInteger(value) && value > 0) return;
  throw new RangeError(`request journal: ${name} must be a positive integer, got ${value}`);
}
