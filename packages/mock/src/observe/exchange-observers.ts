// The observers of the pipeline (metrics, JSON log, tracer) as the one ExchangeObserver it takes: the exchange is
// summarized once (exchange-summary.ts) and handed to each, each guarded on its own, so a failing observer neither
// loses the others nor fails a request; undefined when none is on.
import type { IncomingRequest } from '../core/exchange.js';
import type { ExchangeObserver, FinishedExchange } from '../pipeline/seams.js';
import { summarize, type ExchangeSummary } from './exchange-summary.js';

/** One observer of observe/: told of each exchange by its summary (and the exchange, for what the summary leaves out). */
export interface SummaryObserver {
  within?: <T>(request: IncomingRequest, handling: () => T) => T;
  record(summary: ExchangeSummary, exchange: FinishedExchange): void;
}

export function combineObservers(observers: ReadonlyArray<SummaryObserver | undefined>, warn: (line: string) => void): ExchangeObserver | undefined {
  const present = observers.filter((observer): observer is SummaryObserver => observer !== undefined);
  if (present.length === 0) return undefined;
  // Only the tracer runs requests within a context of its own; there is one at most.
  const within = present.find((observer) => observer.within !== undefined)?.within;
  let warned = false;
  const ended = (exchange: FinishedExchange) => {
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
  return within === undefined ? { ended } : { within, ended };
}
