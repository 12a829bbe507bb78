// --log-format json: one JSON object per line through pino (loaded only then): a line per request (time, level, msg,
// requestId, tenant, operationId, method, route, status, durationMs, traceId) and the service's own events (start,
// drain, database down and up, every refusal, warnings). Never a header, a token, a query string or a body: a
// request's line is built from the exchange summary only (exchange-summary.ts), whose route is the spec's template.
import { importOptional } from '../sandbox/store/optional-import.js';
import type { ExchangeSummary } from './exchange-summary.js';
import type { SummaryObserver } from './exchange-observers.js';

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
}

export async function createJsonLog(options: JsonLogOptions = {}): Promise<JsonLog> {
  const loaded = await importOptional('pino', () => import('pino'), 'JSON logs (--log-format json)');
  const pino = loaded.default ?? loaded;
  const destination = options.destination ?? 1;
  const writer = typeof destination === 'number' ? pino.destination({ dest: destination, sync: true }) : undefined;
  const batch = writer === undefined ? undefined : batchedPerTurn(writer);
  const stream = batch ?? destination;
  const logger = pino(
    {
      level: options.level ?? 'info',
      timestamp: createIsoTime(),
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
      log.info(fields, 'request');
      if (summary.refusal !== undefined) log.warn({ event: 'refusal', reason: summary.refusal, ...fields }, 'request refused');
    },
  };
  return {
    observer,
    info: (msg, fields = {}) => logger.info(fields, msg),
    warn: (msg, fields = {}) => logger.warn(fields, msg),
    error: (msg, fields = {}) => logger.error(fields, msg),
    flush: () => {
      try {
        batch?.flush();
      } catch {
        // A descriptor that fails now (closed, disk full) must not stop the process from stopping.
      }
    },
  };
}

/** The lines of one turn of the event loop, gathered to be handed to the writer as one. */
interface LineBatch {
  write(line: string): boolean;
  flush(): void;
}

/**
 * A descriptor is written by pino's own writer (sonic-boom), the lines of one turn of the event loop as one write:
 * a busy mock makes one write call for dozens of requests, after their answers have gone, and what flush() hands
 * over is on the descriptor when it returns. (Written line by line, asynchronously, as pino can, the writes and
 * their thread hand-offs cost a loaded 2-core machine more than making the lines.)
 */
function batchedPerTurn(writer: { write(text: string): unknown }): LineBatch {
  let lines: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    writer.write(text);
  };
  return {
    write(line) {
      lines.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
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
 * A child logger per operation (its operationId, method and route), made on its first request: pino writes a
 * child's fields once, when it is made, so a request's line serializes only what differs between requests. One per
 * operation and method label, so bounded by the spec.
 */
function requestLoggers(logger: Logger): (summary: ExchangeSummary) => Logger {
  const children = new Map<string, Logger>();
  return (summary) => {
    const key = `${summary.method} ${summary.operationId ?? ''}`;
    let child = children.get(key);
    if (child === undefined) {
      child = logger.child({ operationId: summary.operationId, method: summary.method, route: summary.route });
      children.set(key, child);
    }
    return child;
  };
}

/**
 * pino's `time` as ISO 8601 (pino.stdTimeFunctions.isoTime's format), made once per millisecond: a busy mock logs
 * dozens of lines in the same millisecond, and formatting a date for each cost about 2 µs a request.
 */
function createIsoTime(): () => string {
  let lastMs = -1;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

/** What differs from one request of an operation to the next (the operation's own fields are its logger's). */
function requestFields(summary: ExchangeSummary): EventFields {
  return {
    requestId: summary.requestId,
    tenant: summary.tenant,
    status: summary.status,
    durationMs: Math.round(summary.durationMs * 1000) / 1000,
    traceId: summary.traceId,
  };
}
