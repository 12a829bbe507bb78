// The JSON log written to a descriptor: lines reach pino's writer in batches (64 K characters, or 100 ms after the
// first), none is lost when the service flushes before it stops, and each request line carries its operation's
// fields (from its child logger) beside its own, with the ISO time at which its answer went.
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJsonLog } from '../../src/observe/json-log.js';
import type { ExchangeSummary } from '../../src/observe/exchange-summary.js';
import type { FinishedExchange } from '../../src/pipeline/seams.js';

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** 2026-12-02T10:00:00.000Z, and a millisecond later for each request */
const ENDED_AT = Date.UTC(2026, 11, 2, 10, 0, 0);

function summary(i: number, operationId: string | undefined): ExchangeSummary {
  return {
    method: 'GET',
    route: operationId === undefined ? undefined : '/api/svc/v1/teams/{id}',
    operationId,
    status: operationId === undefined ? 404 : 200,
    durationMs: 1.23456,
    endedAt: ENDED_AT + i + 0.25,
    tenant: 'acme',
    requestId: `req_${i}`,
    traceId: undefined,
    refusal: i === 3 ? 'rate_limit' : undefined,
  };
}

const readLines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('createJsonLog to a file descriptor', () => {
  it('writes every request line once flushed, with the operation fields, its own fields and an ISO time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'json-log-'));
    dirs.push(dir);
    const file = path.join(dir, 'log.jsonl');
    const log = await createJsonLog({ destination: openSync(file, 'w') });
    const count = 500;
    for (let i = 0; i < count; i++) log.observer.record(summary(i, i % 5 === 0 ? undefined : 'getTeam'), {} as FinishedExchange);
    log.flush();
    const lines = readLines(file);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.requestId)).toEqual(Array.from({ length: count }, (_, i) => `req_${i}`));
    expect(requests[1]).toMatchObject({ level: 'info', operationId: 'getTeam', method: 'GET', route: '/api/svc/v1/teams/{id}', status: 200, tenant: 'acme', durationMs: 1.235 });
    expect(requests[0]).toMatchObject({ method: 'GET', status: 404 });
    expect(requests[0]).not.toHaveProperty('operationId');
    // The time the answer went, not the time the line was made.
    expect(requests[1]!.time).toBe('2026-12-02T10:00:00.001Z');
    expect(requests[499]!.time).toBe('2026-12-02T10:00:00.499Z');
    const refusals = lines.filter((line) => line.event === 'refusal');
    expect(refusals).toEqual([expect.objectContaining({ level: 'warn', reason: 'rate_limit', requestId: 'req_3', operationId: 'getTeam' })]);
  });

  it('hands the lines to the writer 100 ms after the first, or at once past 64 K characters, not one by one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'json-log-'));
    dirs.push(dir);
    const file = path.join(dir, 'log.jsonl');
    const log = await createJsonLog({ destination: openSync(file, 'w') });
    vi.useFakeTimers();
    for (let i = 0; i < 10; i++) log.observer.record(summary(i, 'getTeam'), {} as FinishedExchange);
    vi.advanceTimersByTime(99);
    expect(readFileSync(file, 'utf8')).toBe('');
    vi.advanceTimersByTime(1);
    expect(readLines(file).filter((line) => line.msg === 'request')).toHaveLength(10);

    // About 250 characters a line: the 300th passes 64 K and hands over what is gathered without waiting.
    for (let i = 10; i < 310; i++) log.observer.record(summary(i, 'getTeam'), {} as FinishedExchange);
    const written = readLines(file).filter((line) => line.msg === 'request').length;
    expect(written).toBeGreaterThan(200);
    expect(written).toBeLessThan(310);
    log.flush();
    expect(readLines(file).filter((line) => line.msg === 'request')).toHaveLength(310);
  });
});
