// What the pipeline hands the journal after each exchange. Kept raw and cheap (references, a clock
// reading): the journal entry a test reads, redacted, is built from it only when someone asks (journal-recorder.ts).
import type { IncomingRequest } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';

export interface RecordedExchange {
  request: IncomingRequest;
  url: URL;
  /** undefined when no operation matched (a 404 or 405 from the router) */
  ctx: RequestContext | undefined;
  /** the status sent; 0 when the connection was dropped (Prefer: fault=reset) */
  status: number;
  /** performance.now() when the pipeline took the request */
  startedAt: number;
}

export interface JournalSink {
  record(exchange: RecordedExchange): void;
}
