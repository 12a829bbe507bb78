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
  // A descriptor is written asynchronously by pino's own writer (sonic-boom), so a busy mock never waits on its log.
  const stream = typeof destination === 'number' ? pino.destination({ dest: destination, sync: false }) : destination;
  const logger = pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      // Levels by name: what a log pipeline filters on without a table of pino's numbers.
      formatters: { level: (label: string) => ({ level: label }) },
      base: { service: '@vendor/api-mock' },
    },
    stream as Parameters<typeof pino>[1],
  );
  const observer: SummaryObserver = {
    record(summary) {
      const fields = requestFields(summary);
      logger.info(fields, 'request');
      if (summary.refusal !== undefined) logger.warn({ event: 'refusal', reason: summary.refusal, ...fields }, 'request refused');
    },
  };
  return {
    observer,
    info: (msg, fields = {}) => logger.info(fields, msg),
    warn: (msg, fields = {}) => logger.warn(fields, msg),
    error: (msg, fields = {}) => logger.error(fields, msg),
    flush: () => {
      const flushSync = (stream as { flushSync?: () => void }).flushSync;
      if (flushSync === undefined) return;
      try {
        flushSync.call(stream);
      } catch {
        // Nothing written yet (the writer is still opening): there is nothing to lose.
      }
    },
  };
}

function requestFields(summary: ExchangeSummary): EventFields {
  return {
    requestId: summary.requestId,
    tenant: summary.tenant,
    operationId: summary.operationId,
    method: summary.method,
    route: summary.route,
    status: summary.status,
    durationMs: Math.round(summary.durationMs * 1000) / 1000,
    traceId: summary.traceId,
  };
}
