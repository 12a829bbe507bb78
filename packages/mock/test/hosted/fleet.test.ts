// A fleet: three `--shared` instances on one Postgres behind haproxy, as one service to a partner (issue 48, points
// 1-4): one tenant's rate over 5 s windows whatever instance answers, `Prefer: times=2` counted across instances, a
// request served by one instance in every instance's journal, and the --tenant-ttl sweep on one instance at a time,
// taken over by another once it stops. Prints the per-window figures (the rate is the limiter's, not the test's).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';
import { requestExample } from '../sandbox/helpers.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { freePorts } from '../helpers/free-port.js';
import { checkHaproxyInstalled, haproxyConfig, startHaproxy, type BalancerPorts, type Haproxy } from './haproxy.js';
import { attempt, describeAttempt } from './partner-requests.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

const MINUTES = 60_000;
const WAIT = { timeout: 3 * MINUTES, interval: 200 };
const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m';
/** The shared defaults (25 a second per tenant, bursts of 50), with a short TTL so that the sweep can be watched. */
const TENANT_TTL = '10s';
const JOURNAL_SIZE = 50;
const INSTANCE_FLAGS = ['--shared', '--tenant-ttl', TENANT_TTL, '--journal-size', String(JOURNAL_SIZE)];
const RATE = 25;
const NAMES = ['a', 'b', 'c'] as const;
const SWEEPS_NOW = 'this instance sweeps idle tenants now';
/** `req_` and the 12 hex digits each process draws at start (core/request-id.ts): which instance answered. */
const instanceOf = (requestId: string) => requestId.slice(0, 16);

async function waitUntil<T>(what: string, read: () => Promise<T> | T, expected: T): Promise<void> {
  await vi.waitFor(async () => {
    const actual = await read();
    if (actual !== expected) throw new Error(`waited for ${what} to be ${String(expected)}; it is ${String(actual)}`);
  }, WAIT);
}

describe('a fleet: three --shared instances on one Postgres behind haproxy are one service', { timeout: 10 * MINUTES }, () => {
  const secret = randomBytes(24).toString('base64url');
  const issuer = createTokenIssuer(secret);
  let cluster: Cluster | undefined;
  let balancer: Haproxy | undefined;
  let ports: BalancerPorts;
  const instances = new Map<string, SandboxProcess>();
  const instance = (name: string) => instances.get(name)!;

  beforeAll(async () => {
    checkHaproxyInstalled();
    cluster = await startCluster();
    const [listenPort, statsPort, ...instancePorts] = await freePorts(2 + NAMES.length);
    ports = { listenPort: listenPort!, statsPort: statsPort!, instances: NAMES.map((name, i) => ({ name, port: instancePorts[i]! })) };
    await Promise.all(
      ports.instances.map(async ({ name, port }) => {
        instances.set(name, await startSandboxProcess({ name, port, databaseUrl: cluster!.url, secret, extraArgs: INSTANCE_FLAGS }));
      }),
    );
    balancer = await startHaproxy(haproxyConfig(ports), ports);
    for (const name of NAMES) await waitUntil(`haproxy's status of instance ${name}`, async () => (await balancer!.servers())[name]?.status, 'UP');
  }, 10 * MINUTES);

  it('each banner says that the instances on the database are one service', () => {
    for (const name of NAMES) expect(instance(name).output(), `the banner of instance ${name}`).toContain('fleet: instances on this database are one service');
  });

  afterAll(async () => {
    await balancer?.stop().catch(() => {});
    for (const running of instances.values()) await running.stop().catch(() => {});
    await cluster?.destroy();
  }, 5 * MINUTES);

  it('one tenant sending as fast as it can through the balancer gets 25 a second within 10 % over every 5 s window', async () => {
    const token = await issuer.sign('fleet-rate');
    const seconds = 21;
    const workers = 12;
    const startedAt = performance.now();
    const servedAt: number[] = [];
    const statuses = new Map<string, number>();
    const answeredBy = new Set<string>();
    const worker = async () => {
      while (performance.now() - startedAt < seconds * 1000) {
        const outcome = await attempt(balancer!.url, 'getTeam', { token, path: { id: TEAM_ID } });
        const described = describeAttempt(outcome);
        statuses.set(described, (statuses.get(described) ?? 0) + 1);
        if (outcome.answered && outcome.status === 200) {
          servedAt.push(performance.now() - startedAt);
          answeredBy.add(instanceOf(outcome.headers.get('x-request-id')!));
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));

    const windows = [0, 1, 2, 3].map((w) => servedAt.filter((t) => t >= w * 5_000 && t < (w + 1) * 5_000).length);
    const sliding: number[] = [];
    for (let from = 5_000; from + 5_000 <= 20_000; from += 1_000) sliding.push(servedAt.filter((t) => t >= from && t < from + 5_000).length);
    console.log(
      `fleet rate (3 instances, --rate-limit ${RATE}, bursts ${2 * RATE}): 200s per 5 s window ${windows.join(', ')} ` +
        `(allowed: first ≤ ${Math.floor(7 * RATE * 1.1)} with the burst, then ${5 * RATE * 0.9}-${5 * RATE * 1.1}); ` +
        `sliding 5 s windows from 5 s, every 1 s: ${sliding.join(', ')}; answers: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].sort(), 'every answer is a 200 or a 429 of an instance').toEqual(['200 from an instance', '429 from an instance']);
    expect(answeredBy.size, 'instances that served the tenant').toBe(3);
    // The first window holds the burst (2N) on top of its 5N.
    expect(windows[0]).toBeLessThanOrEqual(7 * RATE * 1.1);
    for (const count of [...windows.slice(1), ...sliding]) {
      expect(count).toBeLessThanOrEqual(5 * RATE * 1.1);
      expect(count).toBeGreaterThanOrEqual(5 * RATE * 0.9);
    }
  });

  it('Prefer: fault=503, times=2, key=K fails exactly twice for a tenant, whichever instances answer', async () => {
    const token = await issuer.sign('fleet-faults');
    const prefer = { prefer: 'fault=503, times=2, key=retry-test' };
    const statuses: string[] = [];
    // Each instance in turn, twice: a, b, c, a, b, c.
    for (const name of [...NAMES, ...NAMES]) {
      const outcome = await attempt(instance(name).url, 'getTeam', { token, path: { id: TEAM_ID }, headers: prefer });
      statuses.push(`${name}: ${outcome.answered ? outcome.status : describeAttempt(outcome)}`);
    }
    console.log(`fleet faults (times=2, key=retry-test, sent to a, b, c, a, b, c): ${statuses.join(', ')}`);
    expect(statuses).toEqual(['a: 503', 'b: 503', 'c: 200', 'a: 200', 'b: 200', 'c: 200']);
    // Another tenant's key of the same name has its own count.
    const other = await issuer.sign('fleet-faults-other');
    const first = await attempt(instance('c').url, 'getTeam', { token: other, path: { id: TEAM_ID }, headers: prefer });
    expect(describeAttempt(first)).toBe('503 from an instance');
  });

  it('a request served by one instance is in every instance\'s journal, found by its request id, in order', async () => {
    const token = await issuer.sign('fleet-journal');
    const auth = { authorization: `Bearer ${token}` };
    const served = await attempt(balancer!.url, 'getTeam', { token, path: { id: TEAM_ID } });
    expect(describeAttempt(served)).toBe('200 from an instance');
    const requestId = (served as { headers: Headers }).headers.get('x-request-id')!;
    // At once, on every instance: the entry is stored before its answer goes out.
    for (const name of NAMES) {
      const res = await fetch(`${instance(name).url}/_mock/requests?requestId=${requestId}`, { headers: auth });
      expect(res.status).toBe(200);
      const { requests } = (await res.json()) as { requests: Array<{ requestId: string; operationId: string; status: number; headers: Record<string, string> }> };
      expect(requests.map((entry) => entry.requestId), `the journal on instance ${name}`).toEqual([requestId]);
      expect(requests[0]).toMatchObject({ operationId: 'getTeam', status: 200 });
      expect(requests[0]!.headers.authorization, 'the token is masked in the database too').not.toContain(token);
    }

    // 60 more, to each instance in turn, PUT and GET by turns (each under its burst of 50): every journal lists the
    // newest 50 (--journal-size), oldest first, the same.
    const sent: string[] = [requestId];
    for (let i = 0; i < 60; i++) {
      const target = instance(NAMES[i % 3]!).url;
      const isPut = i % 2 === 0;
      const outcome = isPut
        ? await attempt(target, 'createOrUpdateMcpServer', { token, body: mcpServer(`journal-${i}`) })
        : await attempt(target, 'getTeam', { token, path: { id: TEAM_ID } });
      expect(describeAttempt(outcome)).toBe('200 from an instance');
      sent.push((outcome as { headers: Headers }).headers.get('x-request-id')!);
    }
    const listed = await Promise.all(
      NAMES.map(async (name) => {
        const res = await fetch(`${instance(name).url}/_mock/requests`, { headers: auth });
        const body = (await res.json()) as { requests: Array<{ requestId: string }>; capacity: number };
        expect(body.capacity).toBe(JOURNAL_SIZE);
        return body.requests.map((entry) => entry.requestId);
      }),
    );
    for (const ids of listed) expect(ids).toEqual(sent.slice(-JOURNAL_SIZE));
    expect(new Set(sent.map(instanceOf)).size, 'instances that served them').toBe(3);

    const onlyPuts = await fetch(`${instance('b').url}/_mock/requests?operationId=createOrUpdateMcpServer&method=put`, { headers: auth });
    // The filters narrow what the budget keeps: of the newest 50 (i = 10..59), the 25 PUTs.
    expect(((await onlyPuts.json()) as { requests: unknown[] }).requests).toHaveLength(25);
    const cleared = await fetch(`${instance('a').url}/_mock/requests`, { method: 'DELETE', headers: auth });
    expect(cleared.status).toBe(200);
    const afterClear = await fetch(`${instance('c').url}/_mock/requests`, { headers: auth });
    expect(((await afterClear.json()) as { requests: unknown[] }).requests).toEqual([]);
  });

  it('the --tenant-ttl sweep runs on one instance at a time, and on another once that one stops', async () => {
    const sweepers = () => NAMES.filter((name) => instances.get(name)!.isRunning() && instance(name).output().includes(SWEEPS_NOW));
    await waitUntil('the number of instances that took the sweep', () => sweepers().length, 1);
    const first = sweepers()[0]!;

    await expectForgotten('fleet-sweep-1');
    const forgotBy = (name: string) => instance(name).output().includes('idle for longer than the tenant TTL');
    expect(NAMES.filter(forgotBy), 'instances that forgot a tenant').toEqual([first]);

    await instance(first).stop();
    await waitUntil(`the number of other instances that took the sweep after ${first} stopped`, () => sweepers().filter((name) => name !== first).length, 1);
    const second = sweepers().find((name) => name !== first)!;
    console.log(`fleet sweep: instance ${first} swept; after it stopped, instance ${second} took the sweep over`);
    await expectForgotten('fleet-sweep-2');
    expect(forgotBy(second), `instance ${second} forgot the second tenant`).toBe(true);
    const third = NAMES.find((name) => name !== first && name !== second)!;
    expect(forgotBy(third), `instance ${third} never swept`).toBe(false);
  });

  /** A tenant writes a record, goes idle, and is forgotten (its record gone) by whichever instance sweeps. */
  async function expectForgotten(tenant: string): Promise<void> {
    const token = await issuer.sign(tenant);
    const created = await attempt(balancer!.url, 'createOrUpdateMcpServer', { token, body: mcpServer(`${tenant}-server`) });
    expect(describeAttempt(created)).toBe('200 from an instance');
    const id = (created as { body: { data: { id: string } } }).body.data.id;
    // Read through the balancer: each read is a request, so the tenant stays active while it reads; polls 15 s apart (the TTL is 10 s).
    await vi.waitFor(
      async () => {
        const read = await attempt(balancer!.url, 'getMcpServer', { token, path: { id } });
        if (!read.answered || read.status !== 404) throw new Error(`waited for ${tenant}'s record to be forgotten; it is ${describeAttempt(read)}`);
      },
      { timeout: 3 * MINUTES, interval: 15_000 },
    );
  }
});

function mcpServer(name: string) {
  const body = requestExample('createOrUpdateMcpServer');
  body.manifest.name = name;
  return body;
}
