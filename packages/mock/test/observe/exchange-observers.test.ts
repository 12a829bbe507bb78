// The observers hear of exchanges after the answer has gone, in batches: nothing is told while the request is being
// answered, everything queued is told in order 100 ms after the first (or at once by flush(), as a scrape, a log event
// and a stop do, or at 10,000 waiting), only the tracer is handed the exchanges themselves, and an observer that
// throws is reported once without costing the others a record.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineObservers, TELL_WITHIN_MS, type SummaryObserver } from '../../src/observe/exchange-observers.js';
import type { ExchangeSummary } from '../../src/observe/exchange-summary.js';
import type { FinishedExchange } from '../../src/pipeline/seams.js';

function exchange(requestId: string, status = 200): FinishedExchange {
  return {
    request: { method: 'GET', target: '/api/svc/v1/teams/t1', headers: {} },
    reply: { status },
    op: { path: '/api/svc/v1/teams/{id}', operationId: 'getTeam' },
    ctx: { caller: { tenant: 'acme' } },
    requestId,
    startedAt: 10,
    endedAt: 12.5,
  } as unknown as FinishedExchange;
}

function recorder(readsExchange = false): SummaryObserver & { seen: ExchangeSummary[]; exchanges: unknown[] } {
  const seen: ExchangeSummary[] = [];
  const exchanges: unknown[] = [];
  return {
    seen,
    exchanges,
    readsExchange,
    record: (summary, exchange) => {
      seen.push(summary);
      exchanges.push(exchange);
    },
  };
}

const later = (ms: number) => vi.advanceTimersByTime(ms);

describe('combineObservers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is undefined when no observer is on, so the pipeline spends nothing on observing', () => {
    expect(combineObservers([undefined, undefined], () => {})).toBeUndefined();
  });

  it('tells the observers 100 ms after the first exchange ended, in order, each summarized once', () => {
    const metrics = recorder();
    const log = recorder();
    const combined = combineObservers([metrics, undefined, log], () => {})!;
    combined.ended(exchange('req_1'));
    later(50);
    combined.ended(exchange('req_2', 404));
    later(TELL_WITHIN_MS - 51);
    expect(metrics.seen).toEqual([]);
    later(1);
    expect(metrics.seen.map((s) => [s.requestId, s.status])).toEqual([['req_1', 200], ['req_2', 404]]);
    expect(log.seen.map((s) => s.requestId)).toEqual(['req_1', 'req_2']);
    expect(metrics.seen[0]).toBe(log.seen[0]);
    expect(metrics.seen[0]).toMatchObject({ method: 'GET', route: '/api/svc/v1/teams/{id}', operationId: 'getTeam', tenant: 'acme', durationMs: 2.5 });
    // The exchange's own clock, in epoch milliseconds: what the log line's time says.
    expect(metrics.seen[0]!.endedAt).toBe(performance.timeOrigin + 12.5);
    // Only an observer that asks for them is handed the exchanges (and only then are they kept).
    expect(metrics.exchanges).toEqual([undefined, undefined]);
  });

  it('hands the exchanges themselves to an observer that reads them (the tracer), in the same order', () => {
    const tracer = recorder(true);
    const metrics = recorder();
    const combined = combineObservers([metrics, tracer], () => {})!;
    const first = exchange('req_1');
    const second = exchange('req_2');
    combined.ended(first);
    combined.ended(second);
    later(TELL_WITHIN_MS);
    expect(tracer.exchanges).toEqual([first, second]);
    expect(tracer.exchanges[0]).toBe(first);
    expect(metrics.exchanges).toEqual([first, second]);
  });

  it('tells at once when 10,000 wait, without waiting for the timer', () => {
    const metrics = recorder();
    const combined = combineObservers([metrics], () => {})!;
    for (let i = 0; i < 9_999; i++) combined.ended(exchange(`req_${i}`));
    expect(metrics.seen).toHaveLength(0);
    combined.ended(exchange('req_9999'));
    expect(metrics.seen).toHaveLength(10_000);
    expect(metrics.seen[9_999]!.requestId).toBe('req_9999');
  });

  it('flush() tells what is queued at once, and the timer that follows has nothing left to tell', () => {
    const metrics = recorder();
    const combined = combineObservers([metrics], () => {})!;
    combined.ended(exchange('req_1'));
    combined.flush();
    expect(metrics.seen.map((s) => s.requestId)).toEqual(['req_1']);
    later(TELL_WITHIN_MS);
    expect(metrics.seen).toHaveLength(1);
  });

  it('a flush asked for while the observers are being told (a warning logged as an event) tells nothing twice', () => {
    let combined: ReturnType<typeof combineObservers>;
    const log = recorder();
    const reentrant: SummaryObserver = { record: () => combined!.flush() };
    combined = combineObservers([reentrant, log], () => {})!;
    combined.ended(exchange('req_1'));
    combined.ended(exchange('req_2'));
    combined.flush();
    expect(log.seen.map((s) => s.requestId)).toEqual(['req_1', 'req_2']);
  });

  it('warns once about an observer that throws, and the others still record every exchange', () => {
    const warn = vi.fn();
    const broken: SummaryObserver = {
      record() {
        throw new Error('boom');
      },
    };
    const log = recorder();
    const combined = combineObservers([broken, log], warn)!;
    for (let i = 0; i < 3; i++) combined.ended(exchange(`req_${i}`));
    later(TELL_WITHIN_MS);
    expect(log.seen).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('boom');
  });
});
