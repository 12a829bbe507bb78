// A rolling restart of a hosted sandbox loses nothing: two `--shared` instances on one Postgres behind haproxy, each
// restarted in turn (SIGTERM, then a new process on its port) under a steady load of GET, PUT and DELETE. haproxy
// here never sends a request twice (no retries, no redispatch), so every answer that arrives is the drain's doing:
// on SIGTERM an instance answers /readyz 503 "draining" while it still serves, haproxy's checks take it out, and only
// then does its port close, after the requests in flight.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';
import { parameterExample, requestExample } from '../sandbox/helpers.js';
import { startHostedFleet, WAIT, waitUntil, type HostedFleet } from './hosted-fleet.js';

const MINUTES = 60_000;
/** The rate limit is off so that every answer of the load is a 2xx or 404, and anything else a failure. */
const INSTANCE_FLAGS = ['--shared', '--rate-limit', '0'];
const TEAM_PATH = `/api/svc/v1/teams/${parameterExample('getTeam', 'id')}`;
const REPO_PATH = `/api/ml/v1/ml-repos/${parameterExample('deleteMlRepo', 'id')}`;
const WORKERS = 3;

interface Tally {
  sent: Record<string, number>;
  statuses: Record<string, number>;
  failures: string[];
}

describe('a rolling restart behind haproxy without resends', { timeout: 15 * MINUTES }, () => {
  const secret = randomBytes(24).toString('base64url');
  let fleet: HostedFleet | undefined;
  const waitForStatus = (name: string, expected: string) => waitUntil(`haproxy's status of instance ${name}`, () => fleet!.serverStatus(name), expected);

  beforeAll(async () => {
    fleet = await startHostedFleet({ names: ['a', 'b'], secret, instanceFlags: INSTANCE_FLAGS, haproxy: { resends: false } });
  }, 10 * MINUTES);

  afterAll(async () => {
    await fleet?.stop();
  }, 5 * MINUTES);

  it('restarting each instance in turn under steady GET, PUT and DELETE fails no request', async () => {
    const token = await createTokenIssuer(secret).sign(`rolling-${Date.now().toString(36)}`);
    const tally: Tally = { sent: {}, statuses: {}, failures: [] };
    let loading = true;
    const server = (body: unknown) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', body: JSON.stringify(body) });
    const requests: Array<{ method: string; path: string; body?: unknown; ok: (status: number) => boolean }> = [
      { method: 'GET', path: TEAM_PATH, ok: (status) => status === 200 },
      { method: 'PUT', path: '/api/svc/v1/mcp', body: mcpServer(), ok: (status) => status === 200 },
      // The repository goes with the first DELETE; later ones find none (404), which is an answer, not a failure.
      { method: 'DELETE', path: REPO_PATH, ok: (status) => status === 200 || status === 204 || status === 404 },
    ];
    const worker = async (offset: number) => {
      for (let i = offset; loading; i++) {
        const request = requests[i % requests.length]!;
        tally.sent[request.method] = (tally.sent[request.method] ?? 0) + 1;
        const { body, ...headers } = request.body === undefined ? { body: undefined, authorization: `Bearer ${token}` } : server(request.body);
        try {
          const res = await fetch(`${fleet!.balancer.url}${request.path}`, { method: request.method, headers, ...(body !== undefined && { body }), signal: AbortSignal.timeout(60_000) });
          await res.arrayBuffer();
          tally.statuses[`${request.method} ${res.status}`] = (tally.statuses[`${request.method} ${res.status}`] ?? 0) + 1;
          if (!request.ok(res.status)) tally.failures.push(`${request.method} ${request.path}: ${res.status}`);
        } catch (error) {
          tally.failures.push(`${request.method} ${request.path}: ${(error as Error).cause ?? (error as Error).message}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
    const total = () => Object.values(tally.sent).reduce((sum, count) => sum + count, 0);

    for (const name of ['a', 'b']) {
      const before = total();
      const old = fleet!.instance(name);
      const stopped = old.stop();
      // The drain: the instance says it is draining, and still serves, before its port closes.
      await vi.waitFor(async () => {
        const res = await fetch(`${old.url}/readyz`);
        const answer = await res.json();
        if (res.status !== 503 || answer.reason !== 'draining') throw new Error(`waited for instance ${name} to drain; /readyz says ${res.status}`);
      }, WAIT);
      await waitForStatus(name, 'DOWN');
      await stopped;
      await fleet!.startInstance(name);
      await waitForStatus(name, 'UP');
      // Load kept flowing through the restart.
      await vi.waitFor(() => expect(total()).toBeGreaterThan(before + 30), WAIT);
    }
    loading = false;
    await load;

    console.log(`rolling restart: ${total()} requests (${JSON.stringify(tally.sent)}), answers ${JSON.stringify(tally.statuses)}, failed ${tally.failures.length}`);
    expect(tally.failures).toEqual([]);
    expect(Object.keys(tally.sent).sort()).toEqual(requests.map((request) => request.method).sort());
    for (const count of Object.values(tally.sent)) expect(count).toBeGreaterThan(10);
  });
});

function mcpServer() {
  const body = requestExample('createOrUpdateMcpServer');
  body.manifest.name = 'rolling';
  return body;
}
