// The observers of the pipeline (metrics, JSON log, tracer) as the one ExchangeObserver it takes: each exchange is
// summarized once (exchange-summary.ts) and handed to each, each guarded on its own, so a failing observer neither
// loses the others nor fails a request; undefined when none is on.
//
// The observers are told after the answer has gone, in batches: an exchange that ends is queued, and the queue is
// handed over once per turn of the event loop (setImmediate). A busy server thus summarizes, counts and logs dozens
// of exchanges at a time, off the path from one request to the next; each observer reads the exchange's own clock
// readings (endedAt), never the time it is told.
import type { IncomingRequest } from '../core/exchange.js';
import type { ExchangeObserver, FinishedExchange } from '../pipeline/seams.js';
import { summarize, type ExchangeSummary } from './exchange-summary.js';

/** One observer of observe/: told of each exchange by its summary (and the exchange, for what the summary leaves out). */
export interface SummaryObserver {
  within?: <T>(request: IncomingRequest, handling: () => T) => T;
  record(summary: ExchangeSummary, exchange: FinishedExchange): void;
}

/** The pipeline's observer, and what tells the observers of the exchanges still queued (before the process stops). */
export interface CombinedObserver extends ExchangeObserver {
  flush(): void;
}

export function combineObservers(observers: ReadonlyArray<SummaryObserver | undefined>, warn: (line: string) => void): CombinedObserver | undefined {
  const present = observers.filter((observer): observer is SummaryObserver => observer !== undefined);
  if (present.length === 0) return undefined;
  // Only the tracer runs requests within a context of its own; there is one at most.
  const within = present.find((observer) => observer.within !== undefined)?.within;
  let warned = false;
  const tell = (exchange: FinishedExchange) => {
    const summary = summarize(exchange);
    for (const observer of present) {
      try {
        observer.record(summary, exchange);
      } catch (error) {
        // Once: an observer that fails on every request must not flood the log it may be writing.
        if (!warned) warn(`an observer of the requests failed: ${(error as Error).message}`);
        warned = true;
      }
    }
  };

  let queue: FinishedExchange[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    for (const exchange of batch) tell(exchange);
  };
  const ended = (exchange: FinishedExchange) => {
    queue.push(exchange);
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  return within === undefined ? { ended, flush } : { within, ended, flush };
}
