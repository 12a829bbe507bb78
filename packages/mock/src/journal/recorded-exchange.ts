// What the pipeline hands the journal after each exchange: references and a clock reading, no object of its own.
// The journal entry a test reads, redacted, is built from them only when someone asks (journal-recorder.ts).
import type { IncomingRequest } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';

export interface JournalSink {
  /**
   * `ctx` is undefined when no operation matched (a 404 or 405 from the router); `status` is 0 when the connection
   * was dropped (Prefer: fault=reset); `startedAt` is performance.now() when the pipeline took the request;
   * `requestId` is the `x-request-id` its answer carried. A promise (a fleet's journal, in its database) holds the
   * answer until the entry is stored, so that a request answered by one instance is in every instance's journal.
   */
  record(request: IncomingRequest, ctx: RequestContext | undefined, status: number, startedAt: number, requestId: string | undefined): void | Promise<void>;
}
