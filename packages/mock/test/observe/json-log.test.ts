// --log-format json as a log pipeline reads it, from the CLI's stdout: every line one JSON object, a line per request
// with the fields a team searches by (its requestId the answer's x-request-id), the service's events, and never a
// token, a secret, a query string or a body in 1,000 lines of mixed traffic.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';
import { freePort } from '../support/free-port.mjs';
import { requestExample } from '../sandbox/helpers.js';
import { jsonLine, startCli, type CliProcess } from './cli-process.js';

const TEAM_PATH = '/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const REQUESTS = 1000;

describe('JSON logs of a shared sandbox (the CLI, --log-format json)', { timeout: 10 * 60_000 }, () => {
  const secret = randomBytes(24).toString('base64url');
  const issuer = createTokenIssuer(secret);
  let sandbox: CliProcess;
  let url: string;
  const secretValue = `sv-${randomBytes(8).toString('hex')}`;
  const sent: Array<{ requestId: string; status: number; traced: boolean }> = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    sandbox = startCli(['--sandbox', '--shared', '--rate-limit', '20', '--port', String(port), '--log-format', 'json'], { VENDOR_SANDBOX_SECRET: secret });
    const start = jsonLine(await sandbox.waitForLine('the start event', (line) => jsonLine(line)?.event === 'start'))!;
    url = start.url;
    for (let i = 0; i < 5; i++) tokens.push(await issuer.sign(`logs-${i}`));
    // Mixed traffic, 10 at a time: reads with and without a traceparent, a token in the query string (refused 401),
    // a bad token, secret groups whose values must never be logged, invalid bodies, and 429s past the rate limit.
    const send = async (i: number) => {
      const token = tokens[i % tokens.length]!;
      const kind = i % 6;
      let res: Response;
      if (kind === 0) res = await fetch(`${url}${TEAM_PATH}`, { headers: { authorization: `Bearer ${token}`, traceparent: TRACEPARENT } });
      else if (kind === 1) res = await fetch(`${url}${TEAM_PATH}?access_token=${token}`);
      else if (kind === 2) res = await fetch(`${url}${TEAM_PATH}`, { headers: { authorization: `Bearer not-${secretValue}` } });
      else if (kind === 3) {
        const body = requestExample('createSecretGroup');
        body.name = `group-${i}`;
        body.secrets = [{ key: 'API_KEY', value: secretValue }];
        res = await fetch(`${url}/api/svc/v1/secret-groups`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      } else if (kind === 4) res = await fetch(`${url}/api/svc/v1/mcp`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ password: secretValue }) });
      else res = await fetch(`${url}${TEAM_PATH}?password=${secretValue}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      sent.push({ requestId: res.headers.get('x-request-id')!, status: res.status, traced: kind === 0 });
    };
    for (let i = 0; i < REQUESTS; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => send(i + j)));
    // Every request's line is written before the test reads them.
    const last = sent.at(-1)!.requestId;
    await sandbox.waitForLine('the last request', (line) => jsonLine(line)?.requestId === last && jsonLine(line)?.msg === 'request');
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('writes one JSON object per line, a request line for each request, with its x-request-id and the fields', () => {
    const lines = sandbox.lines();
    expect(lines.length).toBeGreaterThanOrEqual(REQUESTS + 1);
    const parsed = lines.map((line) => jsonLine(line));
    expect(parsed.filter((line) => line === undefined)).toEqual([]);
    const requestLines = new Map(parsed.filter((line) => line!.msg === 'request').map((line) => [line!.requestId, line!]));
    expect(requestLines.size).toBe(REQUESTS);
    for (const { requestId, status, traced } of sent) {
      const line = requestLines.get(requestId);
      expect(line, requestId).toBeDefined();
      expect(line).toMatchObject({ level: 'info', msg: 'request', requestId, method: expect.any(String), status, durationMs: expect.any(Number) });
      expect(Number.isNaN(Date.parse(line!.time))).toBe(false);
      expect(line!.operationId).toBeTypeOf('string');
      expect(line!.route).toMatch(/^\/api\//);
      if (traced) expect(line!.traceId).toBe(TRACE_ID);
      else expect(line!.traceId).toBeUndefined();
      const signedIn = status !== 401;
      if (signedIn) expect(line!.tenant).toMatch(/^logs-\d$/);
    }
  });

  it('logs each refusal as an event of its own, with its reason', () => {
    const parsed = sandbox.lines().map((line) => jsonLine(line)!);
    const refusals = parsed.filter((line) => line.event === 'refusal');
    const refusedSent = sent.filter((request) => [400, 401, 429].includes(request.status));
    expect(refusals.map((line) => line.requestId).sort()).toEqual(refusedSent.map((request) => request.requestId).sort());
    const reasons = new Set(refusals.map((line) => line.reason));
    expect(reasons).toEqual(new Set(['unauthenticated', 'invalid_request', ...(sent.some((request) => request.status === 429) ? ['rate_limit'] : [])]));
    for (const line of refusals) expect(line).toMatchObject({ level: 'warn', msg: 'request refused' });
  });

  it('never writes a token, the secret, a query string or a body', () => {
    const output = sandbox.lines().join('\n') + sandbox.stderr();
    for (const token of tokens) expect(output).not.toContain(token);
    expect(output).not.toContain(secret);
    expect(output).not.toContain(secretValue);
    expect(output).not.toContain('access_token');
    expect(output).not.toContain('?');
    expect(output).not.toMatch(/eyJ[\w-]*\.[\w-]*\./);
  });

  it('on SIGTERM: a drain event, then a stop event, and the process ends', async () => {
    const code = await sandbox.stop();
    expect(code).toBe(0);
    const events = sandbox.lines().map((line) => jsonLine(line)!).filter((line) => line.event !== undefined && line.event !== 'refusal');
    expect(events.map((line) => line.msg)).toEqual(['listening', 'draining', 'stopped']);
    expect(events[1]).toMatchObject({ event: 'drain', drainDelayMs: 5000 });
  });
});
