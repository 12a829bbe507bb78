// What the pipeline hands the journal after each exchange: references and a clock reading, no object of its own.
// The journal entry a test reads, redacted, is built from them only when someone asks (journal-recorder.ts).
import type { IncomingRequest } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';

export interface JournalSink {
  /**
   * `ctx` is undefined when no operation matched (a 404 or 405 from the router); `status` is 0 when the connection
   * was dropped (Prefer: fault=reset); `startedAt` is performance.now() when the pipeline took the request;
   * `requestId` is the `x-request-id` its answer carried. Never waited for: a fleet's journal holds the entry and
   * stores it in a batch, and a read on any instance first has every instance store what it holds.
   */
  record(request: IncomingRequest, ctx: RequestContext | undefined, status: number, startedAt: number, requestId: string | undefined): void;
}
