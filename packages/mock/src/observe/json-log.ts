// --log-format json: one JSON object per line through pino (loaded only then): a line per request (time, level, msg,
// requestId, tenant, operationId, method, route, status, durationMs, traceId) and the service's own events (start,
// drain, database down and up, every refusal, warnings). Never a header, a token, a query string or a body: a
// request's line is built from the exchange summary only (exchange-summary.ts), whose route is the spec's template.
import { importOptional } from '../sandbox/store/optional-import.js';
import type { ExchangeSummary } from './exchange-summary.js';
import type { SummaryObserver } from './exchange-observers.js';
import { childOf } from './nested-maps.js';

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A service event's fields: bounded, secret-free values only. */
export type EventFields = Record<string, string | number | boolean | undefined>;

export interface JsonLogOptions {
  /** default info */
  level?: LogLevel;
  /** where lines go: a file descriptor (1, stdout, by default) or a stream with write() */
  destination?: number | { write(text: string): unknown };
}

export interface JsonLog {
  /** a line per request, and a refusal event for each refused one */
  observer: SummaryObserver;
  info(msg: string, fields?: EventFields): void;
  warn(msg: string, fields?: EventFields): void;
  error(msg: string, fields?: EventFields): void;
  /** writes what is buffered (before the process exits) */
  flush(): void;
  /** what an event first calls: the request lines still queued (exchange-observers.ts) go before it */
  settleFirst(settle: () => void): void;
}

export async function createJsonLog(options: JsonLogOptions = {}): Promise<JsonLog> {
  const loaded = await importOptional('pino', () => import('pino'), 'JSON logs (--log-format json)');
  const pino = loaded.default ?? loaded;
  const destination = options.destination ?? 1;
  const writer = typeof destination === 'number' ? pino.destination({ dest: destination, sync: true }) : undefined;
  const batch = writer === undefined ? undefined : batchedWrites(writer);
  const stream = batch ?? destination;
  // Set while a request's line is made: its time is when the answer went, not when the line is made (up to 100 ms on).
  let requestEndedAt: number | undefined;
  const logger = pino(
    {
      level: options.level ?? 'info',
      timestamp: createIsoTime(() => requestEndedAt ?? Date.now()),
      // Levels by name: what a log pipeline filters on without a table of pino's numbers.
      formatters: { level: (label: string) => ({ level: label }) },
      base: { service: '@vendor/api-mock' },
    },
    stream as Parameters<typeof pino>[1],
  );
  const requestLogger = requestLoggers(logger);
  const observer: SummaryObserver = {
    record(summary) {
      const fields = requestFields(summary);
      const log = requestLogger(summary);
      requestEndedAt = summary.endedAt;
      try {
        log.info(fields, 'request');
        if (summary.refusal !== undefined) log.warn({ event: 'refusal', reason: summary.refusal, ...fields }, 'request refused');
      } finally {
        requestEndedAt = undefined;
      }
    },
  };
  let settle = () => {};
  return {
    observer,
    info: (msg, fields = {}) => {
      settle();
      logger.info(fields, msg);
    },
    warn: (msg, fields = {}) => {
      settle();
      logger.warn(fields, msg);
    },
    error: (msg, fields = {}) => {
      settle();
      logger.error(fields, msg);
    },
    settleFirst: (first) => {
      settle = first;
    },
    flush: () => {
      try {
        batch?.flush();
      } catch {
        // A descriptor that fails now (closed, disk full) must not stop the process from stopping.
      }
    },
  };
}

/** Lines gathered to be handed to the writer in large pieces. */
interface LineBatch {
  write(line: string): boolean;
  flush(): void;
}

/** A batch is written once it holds this many characters (about 240 request lines)... */
const BATCH_CHARACTERS = 64 * 1024;
/** ...or this long after its first line, so a quiet mock's lines reach the log pipeline soon. */
const BATCH_DELAY_MS = 100;

/**
 * A descriptor is written by pino's own writer (sonic-boom, synchronously), the lines gathered in batches of 64 K
 * characters or 100 ms: a busy mock makes one write call for hundreds of requests, and what flush() hands over is on
 * the descriptor when it returns. (Written a line, or a loop turn's lines, at a time, the write calls cost a loaded
 * 2-core machine more than making the lines.) With the observers' own 100 ms, a crash can lose the last 200 ms; close() flushes.
 */
function batchedWrites(writer: { write(text: string): unknown }): LineBatch {
  let lines: string[] = [];
  let characters = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    characters = 0;
    writer.write(text);
  };
  return {
    write(line) {
      lines.push(line);
      characters += line.length;
      if (characters >= BATCH_CHARACTERS) flush();
      else if (timer === undefined) {
        timer = setTimeout(flush, BATCH_DELAY_MS);
        timer.unref();
      }
      return true;
    },
    flush,
  };
}

/** What the request lines need of a pino logger. */
interface Logger {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  child(bindings: EventFields): Logger;
}

/**
 * A child logger per operation, method and status, made on its first request: pino writes a child's fields once,
 * when it is made, so a request's line serializes only what differs between requests (its id, tenant, duration and
 * trace). Bounded by the spec: its operations, their methods and the statuses they answer.
 */
function requestLoggers(logger: Logger): (summary: ExchangeSummary) => Logger {
  const byOperation = new Map<string | undefined, Map<string, Map<number, Logger>>>();
  return (summary) => {
    const byMethod = childOf(byOperation, summary.operationId, () => new Map());
    const byStatus = childOf(byMethod, summary.method, () => new Map());
    return childOf(byStatus, summary.status, () =>
      logger.child({ operationId: summary.operationId, method: summary.method, route: summary.route, status: summary.status }),
    );
  };
}

/**
 * pino's `time` as ISO 8601 (pino.stdTimeFunctions.isoTime's format) of `now()`, made once per millisecond: a busy
 * mock logs dozens of lines in the same millisecond, and formatting a date for each cost about 2 µs a request.
 */
function createIsoTime(now: () => number): () => string {
  let lastMs = -1;
  let field = '';
  return () => {
    const ms = Math.floor(now());
    if (ms !== lastMs) {
      lastMs = ms;
      field = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return field;
  };
}

/** What differs from one request of an operation to the next (the operation's own fields are its logger's). */
function requestFields(summary: ExchangeSummary): EventFields {
  return {
    requestId: summary.requestId,
    tenant: summary.tenant,
    durationMs: Math.round(summary.durationMs * 1000) / 1000,
    traceId: summary.traceId,
  };
}
