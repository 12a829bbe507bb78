// The Streamable HTTP endpoint itself: only /mcp, and on loopback only for Host headers that name it.
import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMcp, type RunningMcp } from './helpers/mcp-process.js';

let mcp: RunningMcp;
let url: URL;
beforeAll(async () => {
  mcp = await startMcp('http', ['--mock']);
  url = new URL(/Streamable HTTP on (\S+)/.exec(mcp.stdout())![1]!);
});
afterAll(() => mcp?.close());

/** A POST with a Host header of our choosing (fetch does not let a caller set Host). */
function post(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, path, method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
}

test('listens on loopback at /mcp', () => {
  expect(url.hostname).toBe('127.0.0.1');
  expect(url.pathname).toBe('/mcp');
});

test('a request whose Host names another server is refused (DNS rebinding)', async () => {
  const answer = await post('/mcp', 'attacker.example');
  expect(answer.status).toBe(403);
});

test('any other path is 404, naming the endpoint', async () => {
  const answer = await post('/other', url.host);
  expect(answer.status).toBe(404);
  expect(answer.body).toContain('/mcp');
});

test('a request without a session that is not initialize is refused by the transport', async () => {
  const answer = await post('/mcp', url.host);
  expect(answer.status).toBe(400);
});
