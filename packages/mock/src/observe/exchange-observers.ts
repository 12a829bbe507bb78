// The observers of the pipeline (metrics, JSON log, tracer) as the one ExchangeObserver it takes: each exchange is
// summarized once (exchange-summary.ts) and handed to each, each guarded on its own, so a failing observer neither
// loses the others nor fails a request; undefined when none is on.
//
// The observers are told after the answer has gone, in batches: an exchange that ends is summarized and queued, and
// the queue is handed over 100 ms after its first entry (or at once at 10,000). A busy server thus counts and logs
// thousands of exchanges in one run, with the observers' code and data at hand, instead of a few between one request
// and the next; each observer reads the exchange's own clock readings (endedAt), never the time it is told. A scrape
// and the log's own events tell what is queued first (flush()), so neither misses nor overtakes an answered request.
import type { IncomingRequest } from '../core/exchange.js';
import type { ExchangeObserver, FinishedExchange } from '../pipeline/seams.js';
import { summarize, type ExchangeSummary } from './exchange-summary.js';

/** The longest an ended exchange waits before its observers are told... */
export const TELL_WITHIN_MS = 100;
/** ...unless this many wait (about a megabyte of summaries): then they are told at once. */
const MAX_WAITING = 10_000;

/** One observer of observe/: told of each exchange by its summary. */
export interface SummaryObserver {
  within?: <T>(request: IncomingRequest, handling: () => T) => T;
  /**
   * true: record() also gets the exchange itself (the tracer finds its span by the request). Only then are the
   * exchanges kept until the observers are told; otherwise only their summaries are.
   */
  readsExchange?: boolean;
  record(summary: ExchangeSummary, exchange: FinishedExchange | undefined): void;
}

/** The pipeline's observer, and what tells the observers of the exchanges still queued (a scrape, an event, a stop). */
export interface CombinedObserver extends ExchangeObserver {
  flush(): void;
}

export function combineObservers(observers: ReadonlyArray<SummaryObserver | undefined>, warn: (line: string) => void): CombinedObserver | undefined {
  const present = observers.filter((observer): observer is SummaryObserver => observer !== undefined);
  if (present.length === 0) return undefined;
  // Only the tracer runs requests within a context of its own; there is one at most.
  const within = present.find((observer) => observer.within !== undefined)?.within;
  const keepsExchanges = present.some((observer) => observer.readsExchange === true);
  let warned = false;
  const tell = (summary: ExchangeSummary, exchange: FinishedExchange | undefined) => {
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

  let summaries: ExchangeSummary[] = [];
  let exchanges: FinishedExchange[] = [];
  let timer: NodeJS.Timeout | undefined;
  let telling = false;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // An observer's warning may be a log event, which flushes first: the batch being told has everything anyway.
    if (telling) return;
    telling = true;
    const told = summaries;
    const toldExchanges = exchanges;
    summaries = [];
    exchanges = [];
    try {
      for (let index = 0; index < told.length; index++) tell(told[index]!, toldExchanges[index]);
    } finally {
      telling = false;
    }
  };
  const ended = (exchange: FinishedExchange) => {
    summaries.push(summarize(exchange));
    if (keepsExchanges) exchanges.push(exchange);
    if (summaries.length >= MAX_WAITING) flush();
    else if (timer === undefined) {
      timer = setTimeout(flush, TELL_WITHIN_MS);
      // A stop flushes what waits (observability.ts close()); the timer alone must not keep a process alive.
      timer.unref();
    }
  };
  return within === undefined ? { ended, flush } : { within, ended, flush };
}
