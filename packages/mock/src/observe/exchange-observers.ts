// The observers of the pipeline (metrics, JSON log, tracer) as the one ExchangeObserver it takes: each guarded on its
// own, so a failing observer neither loses the others nor fails a request; undefined when none is on.
import type { ExchangeObserver, FinishedExchange } from '../pipeline/seams.js';

export function combineObservers(observers: ReadonlyArray<ExchangeObserver | undefined>, warn: (line: string) => void): ExchangeObserver | undefined {
  const present = observers.filter((observer): observer is ExchangeObserver => observer !== undefined);
  if (present.length === 0) return undefined;
  // Only the tracer runs requests within a context of its own; there is one at most.
  const within = present.find((observer) => observer.within !== undefined)?.within;
  let warned = false;
  const ended = (exchange: FinishedExchange) => {
    for (const observer of present) {
      try {
        observer.ended(exchange);
      } catch (error) {
        // Once: an observer that fails on every request must not flood the log it may be writing.
        if (!warned) warn(`an observer of the requests failed: ${(error as Error).message}`);
        warned = true;
      }
    }
  };
  return within === undefined ? { ended } : { within, ended };
}
