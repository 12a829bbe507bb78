// The request journal as the mock keeps it: each exchange recorded raw (a clock reading and references), and
// turned into the redacted entries of GET /_mock/requests only when read, so that keeping it on costs the
// request path next to nothing. In the sandbox each tenant has its own entries; requests without a valid
// token belong to nobody and are not kept.
import { queryRecord } from '../core/query-record.js';
import type { ParsedBody } from '../core/request-body.js';
import type { RequestHeaders } from '../core/exchange.js';
import type { Violation } from '../types.js';
import type { JournalSink } from './recorded-exchange.js';
import { createRequestJournal, redactBody, redactHeaders, type JournalEntry } from './request-journal.js';

export const DEFAULT_JOURNAL_SIZE = 1000;

// Few, small objects: an entry lives for the next 1,000 requests, long enough for the garbage collector to copy
// it out of its young generation, and that copying is most of what a journal costs a busy mock. So a JSON body is
// kept as the bytes that arrived (stored outside the JS heap), and parsed again only when someone reads it.
interface RawEntry {
  time: number;
  operationId: string | null;
  method: string;
  target: string;
  headers: RequestHeaders;
  /** a JSON body's bytes, or the description of any other body */
  body: Uint8Array | string | undefined;
  status: number;
  durationMs: number;
  violations: Violation[];
}

export interface JournalRecorder extends JournalSink {
  /** The scope's entries, oldest first (the stateless mock's when `scope` is undefined). */
  list(scope: string | undefined, filter?: JournalFilter): JournalEntry[];
  clear(scope: string | undefined): void;
  readonly size: number;
}

/**
 * What the journal narrows to: `requests(filter)` on `startMock()` and on `createMockFetch()` alike, and
 * GET /_mock/requests?operationId=...&method=... (where the tenant is the token's).
 */
export interface JournalFilter {
  /** the sandbox tenant whose entries to list (the sandbox keeps a journal per tenant); the stateless mock has none */
  tenant?: string;
  operationId?: string;
  method?: string;
}

/**
 * `requests(filter)`, also in its earlier form `requests(tenant, filter)`, which older tests still call: the tenant
 * then joins the filter.
 */
export function journalFilterOf(tenantOrFilter?: string | JournalFilter, filter: JournalFilter = {}): JournalFilter {
  if (typeof tenantOrFilter === 'string') return { ...filter, tenant: tenantOrFilter };
  return tenantOrFilter ?? filter;
}

export function createJournalRecorder(options: { size: number; scoped: boolean }): JournalRecorder {
  const journal = createRequestJournal<RawEntry>({ size: options.size });
  return {
    size: options.size,
    record(request, ctx, status, startedAt) {
      const scope = ctx?.caller?.tenant;
      const belongsToNobody = options.scoped && scope === undefined;
      if (belongsToNobody) return;
      const raw: RawEntry = {
        // When the request arrived, from the clock reading the pipeline took anyway.
        time: performance.timeOrigin + startedAt,
        operationId: ctx?.op.operationId ?? null,
        method: request.method,
        // As sent: read back through new URL() when listed, which normalizes it as routing did.
        target: request.target,
        headers: request.headers,
        body: bodyKept(ctx?.body),
        status,
        durationMs: performance.now() - startedAt,
        violations: ctx?.violations ?? [],
      };
      journal.record(raw, scope);
    },
    list(scope, filter = {}) {
      return journal
        .list(scope)
        .filter((raw) => matches(raw, filter))
        .map(toEntry);
    },
    clear(scope) {
      journal.clear(scope);
    },
  };
}

function matches(raw: RawEntry, filter: JournalFilter): boolean {
  if (filter.operationId !== undefined && raw.operationId !== filter.operationId) return false;
  if (filter.method !== undefined && raw.method !== filter.method.toUpperCase()) return false;
  return true;
}

function toEntry(raw: RawEntry): JournalEntry {
  const url = new URL(raw.target, 'http://mock.invalid');
  return {
    time: new Date(raw.time).toISOString(),
    operationId: raw.operationId,
    method: raw.method,
    path: url.pathname,
    query: queryRecord(url.searchParams),
    headers: redactHeaders(raw.headers),
    body: bodyOf(raw),
    status: raw.status,
    durationMs: Math.round(raw.durationMs * 1000) / 1000,
    violations: raw.violations.map((v) => ({ location: [...v.location], rule: v.rule, message: v.message })),
  };
}

/** What an entry keeps of a body: a JSON body's bytes; a description of any other, never its text (it could hold a secret no key names). */
function bodyKept(body: ParsedBody | undefined): Uint8Array | string | undefined {
  if (body === undefined) return undefined;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
      return body.bytes;
    case 'not-json':
      return `[${body.text.length} characters of ${body.mediaType}, not shown]`;
    case 'malformed':
      return '[a body that is not valid JSON, not shown]';
    case 'too-large':
      return '[a body over 10 MB, not shown]';
  }
}

const UTF8 = new TextDecoder();

/** JSON bodies parsed and redacted; descriptions as they are; null for no body. */
function bodyOf(raw: RawEntry): unknown {
  if (raw.body === undefined) return null;
  if (typeof raw.body === 'string') return raw.body;
  return redactBody(JSON.parse(UTF8.decode(raw.body)));
}
