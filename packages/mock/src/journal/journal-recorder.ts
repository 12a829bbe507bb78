// The request journal as the mock keeps it: each exchange recorded raw (a clock reading and references), and
// turned into the redacted entries of GET /_mock/requests only when read, so that keeping it on costs the
// request path next to nothing. In the sandbox each tenant has its own entries; requests without a valid
// token belong to nobody and are not kept.
import { queryRecord } from '../core/query-record.js';
import { parseRequestTarget, type RequestTarget } from '../core/request-target.js';
import type { ParsedBody } from '../core/request-body.js';
import type { IncomingRequest, RequestHeaders } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';
import type { Violation } from '../types.js';
import type { JournalSink } from './recorded-exchange.js';
import { ALL_SCOPES, createRequestJournal, redactBody, redactHeaders, type JournalEntry } from './request-journal.js';
import { traceIdOf } from '../core/trace-context.js';

export const DEFAULT_JOURNAL_SIZE = 1000;

/**
 * The journal's memory budget. A JSON body up to JOURNAL_BODY_LIMIT (16 KiB) is kept; a larger one is replaced by a line
 * saying so (its entry marked `truncated`), so a refused 10 MB body costs the journal a few hundred bytes. Each scope
 * (a sandbox tenant, or the stateless mock) keeps at most its byte budget, and all scopes together the total
 * budget: past either, the oldest entries go (another tenant's only once the whole journal is at its budget).
 */
export const JOURNAL_BODY_LIMIT = 16 * 1024;
export const DEFAULT_JOURNAL_BYTES = 8 * 1024 * 1024;
export const DEFAULT_JOURNAL_TOTAL_BYTES = 64 * 1024 * 1024;

/** What an entry costs beside its body, headers and target: its fields and the objects that hold them. */
const ENTRY_OVERHEAD_BYTES = 256;

// Few, small objects: an entry lives for the next 1,000 requests, long enough for the garbage collector to copy
// it out of its young generation, and that copying is most of what a journal costs a busy mock. So a JSON body is
// kept as the bytes that arrived (stored outside the JS heap), and parsed again only when someone reads it.
interface RawEntry {
  time: number;
  requestId: string | undefined;
  operationId: string | null;
  method: string;
  target: string;
  headers: RequestHeaders;
  /** a JSON body's bytes, or the description of any other body */
  body: Uint8Array | string | undefined;
  /** the body was over JOURNAL_BODY_LIMIT and is not kept */
  truncated: boolean;
  status: number;
  durationMs: number;
  violations: Violation[];
}

export interface JournalRecorder extends JournalSink {
  /** The scope's entries, oldest first (the stateless mock's when `scope` is undefined). */
  list(scope: string | undefined, filter?: JournalFilter): JournalEntry[];
  /**
   * The same, one entry at a time, made only as it is read (GET /_mock/requests streams them); a fleet's journal
   * (sandbox/fleet/shared-journal.ts) answers once its database has.
   */
  iterate(scope: string | undefined, filter?: JournalFilter): Iterable<JournalEntry> | Promise<Iterable<JournalEntry>>;
  clear(scope: string | undefined): void | Promise<void>;
  /** the bytes the journal holds now, all scopes together (the metrics' vendor_mock_journal_bytes) */
  bytes(): number;
  readonly size: number;
}

/**
 * What the journal narrows to: `requests(filter)` on `startMock()` and on `createMockFetch()` alike, and
 * GET /_mock/requests?operationId=...&method=... (where the tenant is the token's).
 */
export interface JournalFilter {
  /** the sandbox tenant whose entries to list (the sandbox keeps a journal per tenant); the stateless mock has none */
  tenant?: string;
  /** the `x-request-id` of an answer, as a client's error reports it */
  requestId?: string;
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

export interface JournalRecorderOptions {
  size: number;
  scoped: boolean;
  /** bytes per scope (default DEFAULT_JOURNAL_BYTES) */
  maxScopeBytes?: number;
  /** bytes of all scopes (default DEFAULT_JOURNAL_TOTAL_BYTES) */
  maxTotalBytes?: number;
}

export function createJournalRecorder(options: JournalRecorderOptions): JournalRecorder {
  const journal = createRequestJournal<RawEntry>({
    size: options.size,
    maxScopeBytes: options.maxScopeBytes ?? DEFAULT_JOURNAL_BYTES,
    maxTotalBytes: options.maxTotalBytes ?? DEFAULT_JOURNAL_TOTAL_BYTES,
    weigh: weighEntry,
  });
  return {
    size: options.size,
    record(request, ctx, status, startedAt, requestId) {
      const scope = ctx?.caller?.tenant;
      const belongsToNobody = options.scoped && scope === undefined;
      if (belongsToNobody) return;
      journal.record(rawEntryOf(request, ctx, status, startedAt, requestId), scope);
    },
    list(scope, filter = {}) {
      return journal
        .list(scope)
        .filter((raw) => matches(raw, filter))
        .map(toEntry);
    },
    *iterate(scope, filter = {}) {
      for (const raw of journal.list(scope)) {
        if (matches(raw, filter)) yield toEntry(raw);
      }
    },
    clear(scope) {
      journal.clear(scope);
    },
    bytes: () => journal.bytes(ALL_SCOPES),
  };
}

function rawEntryOf(request: IncomingRequest, ctx: RequestContext | undefined, status: number, startedAt: number, requestId: string | undefined): RawEntry {
  const body = bodyKept(ctx?.body);
  return {
    // When the request arrived, from the clock reading the pipeline took anyway.
    time: performance.timeOrigin + startedAt,
    requestId,
    operationId: ctx?.op.operationId ?? null,
    method: request.method,
    // As sent: read back through new URL() when listed, which normalizes it as routing did.
    target: request.target,
    headers: request.headers,
    body: body.kept,
    truncated: body.truncated,
    status,
    durationMs: performance.now() - startedAt,
    violations: ctx?.violations ?? [],
  };
}

/**
 * One exchange as GET /_mock/requests shows it (redacted) and what it weighs against the journal's budgets, made at
 * once: for a journal kept elsewhere (a fleet's, in its database), which must never hold an unmasked secret.
 */
export function journalEntryOf(request: IncomingRequest, ctx: RequestContext | undefined, status: number, startedAt: number, requestId: string | undefined): { entry: JournalEntry; bytes: number } {
  const raw = rawEntryOf(request, ctx, status, startedAt, requestId);
  return { entry: toEntry(raw), bytes: weighEntry(raw) };
}

function matches(raw: RawEntry, filter: JournalFilter): boolean {
  if (filter.requestId !== undefined && raw.requestId !== filter.requestId) return false;
  if (filter.operationId !== undefined && raw.operationId !== filter.operationId) return false;
  if (filter.method !== undefined && raw.method !== filter.method.toUpperCase()) return false;
  return true;
}

/** `traceId` when the request carried a valid W3C traceparent; nothing otherwise. */
function traceOf(headers: RequestHeaders): { traceId?: string } {
  const traceId = traceIdOf(headers);
  return traceId === undefined ? {} : { traceId };
}

function toEntry(raw: RawEntry): JournalEntry {
  // Read as routing read it (a plain target split, anything else through the URL parser): a fleet makes an entry
  // for every request it answers, and the URL parser was about a third of what making the entry cost.
  const url = parseRequestTarget(raw.target);
  const { query, body } = redactedQueryAndBody(url, raw);
  return {
    time: new Date(raw.time).toISOString(),
    ...(raw.requestId !== undefined && { requestId: raw.requestId }),
    ...traceOf(raw.headers),
    operationId: raw.operationId,
    method: raw.method,
    path: url.pathname,
    query,
    headers: redactHeaders(raw.headers),
    body,
    ...(raw.truncated && { truncated: true }),
    status: raw.status,
    durationMs: Math.round(raw.durationMs * 1000) / 1000,
    violations: raw.violations.map((v) => ({ location: [...v.location], rule: v.rule, message: v.message })),
  };
}

/**
 * Query and body are redacted together, as the proxy's recordings redact them: a parameter the secret rule names
 * (access_token, api_key) is masked, and so is its value wherever the body repeats it. Most requests have neither.
 */
function redactedQueryAndBody(url: RequestTarget, raw: RawEntry): { query: Record<string, string | string[]>; body: unknown } {
  const hasNeither = url.search === '' && raw.body === undefined;
  if (hasNeither) return { query: {}, body: null };
  const [query, body] = redactBody([queryRecord(url.searchParams), parsedBody(raw)]) as [Record<string, string | string[]>, unknown];
  return { query, body };
}

/** The bytes an entry holds, for the journal's budget: its body, its headers and its target, and a fixed part. */
function weighEntry(raw: RawEntry): number {
  let bytes = ENTRY_OVERHEAD_BYTES + raw.target.length;
  if (raw.body !== undefined) bytes += typeof raw.body === 'string' ? raw.body.length : raw.body.byteLength;
  for (const name in raw.headers) bytes += name.length + headerLength(raw.headers[name]);
  for (const violation of raw.violations) bytes += 64 + violation.message.length;
  return bytes;
}

function headerLength(value: string | string[] | undefined): number {
  if (value === undefined) return 0;
  if (typeof value === 'string') return value.length;
  let length = 0;
  for (const item of value) length += item.length;
  return length;
}

interface KeptBody {
  kept: Uint8Array | string | undefined;
  truncated: boolean;
}

const NO_BODY: KeptBody = Object.freeze({ kept: undefined, truncated: false });

/**
 * What an entry keeps of a body: a JSON body's bytes up to JOURNAL_BODY_LIMIT; a description of a larger one, and of
 * any other, never its text (it could hold a secret no key names).
 */
function bodyKept(body: ParsedBody | undefined): KeptBody {
  if (body === undefined) return NO_BODY;
  switch (body.kind) {
    case 'none':
      return NO_BODY;
    case 'json':
      if (body.bytes.byteLength > JOURNAL_BODY_LIMIT) {
        return { kept: `[a JSON body of ${body.bytes.byteLength} bytes, over the ${JOURNAL_BODY_LIMIT} bytes the journal keeps of a body; not shown]`, truncated: true };
      }
      return { kept: body.bytes, truncated: false };
    case 'not-json':
      return { kept: `[${body.text.length} characters of ${body.mediaType}, not shown]`, truncated: false };
    case 'malformed':
      return { kept: '[a body that is not valid JSON, not shown]', truncated: false };
    case 'too-large':
      return { kept: '[a body over 10 MB, not shown]', truncated: true };
    case 'too-deep':
      return { kept: '[a JSON body nested too deep to check, not shown]', truncated: false };
  }
}

const UTF8 = new TextDecoder();

/** JSON bodies parsed (redacted with the query by the caller); descriptions as they are; null for no body. */
function parsedBody(raw: RawEntry): unknown {
  if (raw.body === undefined) return null;
  if (typeof raw.body === 'string') return raw.body;
  try {
    return JSON.parse(UTF8.decode(raw.body));
  } catch {
    // Only valid JSON is kept; should it ever fail to read, the entry still lists and says so.
    return '[a body the journal could not read back, not shown]';
  }
}
