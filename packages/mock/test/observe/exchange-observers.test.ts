// The observers hear of exchanges after the answer has gone, a loop turn's worth at a time: nothing is told while the
// request is being answered, everything queued is told in order once the turn ends (or at once by flush(), as the
// server does before it stops), and an observer that throws is reported once without costing the others a record.
import { describe, expect, it, vi } from 'vitest';
import { combineObservers, type SummaryObserver } from '../../src/observe/exchange-observers.js';
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

function recorder(): SummaryObserver & { seen: ExchangeSummary[] } {
  const seen: ExchangeSummary[] = [];
  return { seen, record: (summary) => void seen.push(summary) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('combineObservers', () => {
  it('is undefined when no observer is on, so the pipeline spends nothing on observing', () => {
    expect(combineObservers([undefined, undefined], () => {})).toBeUndefined();
  });

  it('tells the observers after the turn in which the exchanges ended, in order, each summarized once', async () => {
    const metrics = recorder();
    const log = recorder();
    const combined = combineObservers([metrics, undefined, log], () => {})!;
    combined.ended(exchange('req_1'));
    combined.ended(exchange('req_2', 404));
    expect(metrics.seen).toEqual([]);
    await nextTurn();
    expect(metrics.seen.map((s) => [s.requestId, s.status])).toEqual([['req_1', 200], ['req_2', 404]]);
    expect(log.seen.map((s) => s.requestId)).toEqual(['req_1', 'req_2']);
    expect(metrics.seen[0]).toBe(log.seen[0]);
    expect(metrics.seen[0]).toMatchObject({ method: 'GET', route: '/api/svc/v1/teams/{id}', operationId: 'getTeam', tenant: 'acme', durationMs: 2.5 });
  });

  it('flush() tells what is queued at once, and the turn that follows has nothing left to tell', async () => {
    const metrics = recorder();
    const combined = combineObservers([metrics], () => {})!;
    combined.ended(exchange('req_1'));
    combined.flush();
    expect(metrics.seen.map((s) => s.requestId)).toEqual(['req_1']);
    await nextTurn();
    expect(metrics.seen).toHaveLength(1);
  });

  it('warns once about an observer that throws, and the others still record every exchange', async () => {
    const warn = vi.fn();
    const broken: SummaryObserver = {
      record() {
        throw new Error('boom');
      },
    };
    const log = recorder();
    const combined = combineObservers([broken, log], warn)!;
    for (let i = 0; i < 3; i++) combined.ended(exchange(`req_${i}`));
    await nextTurn();
    expect(log.seen).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('boom');
  });
});
