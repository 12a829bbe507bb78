// The JSON log written to a descriptor: the lines of a turn reach pino's writer together, none is lost when the
// service flushes before it stops, and each request line carries its operation's fields (from the operation's child
// logger) beside its own, with an ISO time.
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJsonLog } from '../../src/observe/json-log.js';
import type { ExchangeSummary } from '../../src/observe/exchange-summary.js';
import type { FinishedExchange } from '../../src/pipeline/seams.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function summary(i: number, operationId: string | undefined): ExchangeSummary {
  return {
    method: 'GET',
    route: operationId === undefined ? undefined : '/api/svc/v1/teams/{id}',
    operationId,
    status: operationId === undefined ? 404 : 200,
    durationMs: 1.23456,
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
    expect(new Date(String(requests[1]!.time)).toISOString()).toBe(requests[1]!.time);
    const refusals = lines.filter((line) => line.event === 'refusal');
    expect(refusals).toEqual([expect.objectContaining({ level: 'warn', reason: 'rate_limit', requestId: 'req_3', operationId: 'getTeam' })]);
  });

  it('hands a turn of lines to the writer at the end of the turn, not one by one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'json-log-'));
    dirs.push(dir);
    const file = path.join(dir, 'log.jsonl');
    const log = await createJsonLog({ destination: openSync(file, 'w') });
    for (let i = 0; i < 10; i++) log.observer.record(summary(i, 'getTeam'), {} as FinishedExchange);
    expect(readFileSync(file, 'utf8')).toBe('');
    log.flush();
    expect(readLines(file).filter((line) => line.msg === 'request')).toHaveLength(10);
  });
});
