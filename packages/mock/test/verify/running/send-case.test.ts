// sendCase against a target that closes connections before answering (as one that has just closed a keep-alive
// connection as idle does): a safe or idempotent case is sent once more, a create never; the second failure stands.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../../src/index.js';
import { reportMarkdown } from '../../../src/verify/reporting/report-markdown.js';
import { sendCase, type Target } from '../../../src/verify/running/send-case.js';
import { loadVerifyContract, type VerifyContract } from '../../../src/verify/verify-contract.js';
import type { MockOperation } from '../../../src/spec/operation-table.js';
import type { RequestCase } from '../../../src/verify/verify-types.js';

let contract: VerifyContract;
let server: Server | undefined;

beforeAll(async () => {
  contract = await loadVerifyContract(undefined);
});

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

interface Counted {
  target: Target;
  /** requests that reached the target, whether it answered them or closed their connection */
  arrived: () => number;
  /** the path and query of each request that arrived, in order */
  urls: string[];
  resent: () => number;
}

/**
 * A target that closes the connection of its first `closing` requests the moment each arrives (no status, no
 * header), and answers the rest 200 `{"data": {...}}`; `midBody` makes it send the status and headers first.
 */
async function closingTarget(closing: number, midBody = false): Promise<Counted> {
  let arrived = 0;
  let resent = 0;
  const urls: string[] = [];
  server = createServer((req, res) => {
    arrived += 1;
    urls.push(req.url ?? '');
    const socket = req.socket as Socket;
    if (arrived > closing) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"id":"t-1"}}');
      return;
    }
    if (midBody) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":', () => socket.destroy());
      return;
    }
    socket.destroy();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const target: Target = { baseUrl: url, gatewayBaseUrl: url, token: 't', fetch, timeoutMs: 60_000, onResend: () => (resent += 1) };
  return { target, arrived: () => arrived, urls, resent: () => resent };
}

/** A case of the operation with each of its path parameters filled in (`p-1`), the query empty. */
function caseOf(op: MockOperation, body?: unknown): RequestCase {
  const path = Object.fromEntries(op.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, 'p-1']));
  return { operationId: op.operationId, kind: 'valid', auth: 'token', path, query: {}, headers: {}, ...(body !== undefined && { body }) };
}

describe('sendCase when the connection closes before any answer', () => {
  it('sends a safe read once more and takes the second answer', async () => {
    const counted = await closingTarget(1);
    const answer = await sendCase(counted.target, contract.operation('getTeam'), caseOf(contract.operation('getTeam')));
    expect(answer.failure).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(counted.arrived()).toBe(2);
    expect(counted.urls).toEqual(['/api/svc/v1/teams/p-1', '/api/svc/v1/teams/p-1']);
    expect(counted.resent()).toBe(1);
  });

  it('sends an x-idempotent write once more', async () => {
    const op = contract.operations.find((one) => one.method === 'put' && one.idempotent)!;
    const counted = await closingTarget(1);
    const answer = await sendCase(counted.target, op, caseOf(op, {}));
    expect(answer.status).toBe(200);
    expect(counted.arrived()).toBe(2);
  });

  it('never sends a create that is not x-idempotent twice: its failure is the answer', async () => {
    const op = contract.operation('createSecretGroup');
    expect(op.idempotent).toBe(false);
    const counted = await closingTarget(1);
    const answer = await sendCase(counted.target, op, caseOf(op, { name: 'g' }));
    expect(answer.status).toBe(0);
    expect(answer.failure).toMatch(/^no answer: .*\((ECONNRESET|EPIPE|UND_ERR_SOCKET)\)$/);
    expect(counted.arrived()).toBe(1);
    expect(counted.resent()).toBe(0);
  });

  it('sends once more only: a target that closes every connection gives the failure after two requests', async () => {
    const counted = await closingTarget(Number.POSITIVE_INFINITY);
    const answer = await sendCase(counted.target, contract.operation('getTeam'), caseOf(contract.operation('getTeam')));
    expect(answer.failure).toMatch(/^no answer: /);
    expect(counted.arrived()).toBe(2);
    expect(counted.resent()).toBe(1);
  });

  it('does not send again once the status and headers came: a body cut short is the answer', async () => {
    const counted = await closingTarget(1, true);
    const answer = await sendCase(counted.target, contract.operation('getTeam'), caseOf(contract.operation('getTeam')));
    expect(answer.failure).toMatch(/^no answer: /);
    expect(counted.arrived()).toBe(1);
    expect(counted.resent()).toBe(0);
  });
});

describe('a verify run whose first connection closes before any answer', () => {
  it('is not stopped as unreachable: the probe is sent again, and the report counts it', async () => {
    const counted = await closingTarget(1);
    const report = await verify({ baseUrl: counted.target.baseUrl, token: 't', seed: 7, cases: 3, stateful: false, operations: ['getTeam'] });
    expect(report.stopped, reportMarkdown(report)).toBeUndefined();
    expect(report.totals.cases).toBeGreaterThan(0);
    expect(report.totals.resent).toBe(1);
    expect(reportMarkdown(report)).toContain('1 request was sent again after the connection closed before any answer.');
  });
});
