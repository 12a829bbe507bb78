// The sandbox hosted as the README's "Hosting a shared sandbox" runs it: a real Postgres, two instances in
// processes of their own (the CLI), and haproxy in front, checking GET /_sandbox/health. A partner's flow
// through the balancer, an instance killed mid-run, and the database stopped and started again.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';
import { call, requestExample, type CallOptions } from '../sandbox/helpers.js';
import { haproxyConfig, type BalancerPorts } from './haproxy.js';
import { startHostedFleet, waitUntil, type HostedFleet } from './hosted-fleet.js';
import { attempt, describeAttempt, getWithRetry, type Attempt, type RetriedGet } from './partner-requests.js';
import { instanceArgs, type SandboxProcess } from './sandbox-process.js';

const MINUTES = 60_000;
/** Process start-ups and recoveries get minutes: CI is a busy shared 2-core machine. */
const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m';
/** The tenant that learns which instance answered (the prefix of its request ids); never journaled by a test. */
const PROBE_TENANT = 'hosted-probe';
/**
 * A hosted sandbox runs with the limits of a shared one (the README's recipe passes the same): 25 requests a second
 * per tenant and instance, 1000 records per kind, 10 MB per tenant, tenants idle for 7 days forgotten.
 */
const INSTANCE_FLAGS = ['--shared'];
/** What the partners' flows below send at most, all requests together: under one instance's 25 a second. */
const PARTNER_REQUESTS_PER_SECOND = 20;
/** The file npm installs as the package's command (`bin` in its package.json), which the README's recipe runs. */
const INSTALLED_BIN: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).bin['vendor-api-mock'];
/** The ports the README's recipe shows; the test itself runs on free ports. */
const README_PORTS: BalancerPorts = { listenPort: 4010, statsPort: 8404, instances: [{ name: 'a', port: 4011 }, { name: 'b', port: 4012 }] };

function mcpServer(name: string) {
  const body = requestExample('createOrUpdateMcpServer');
  body.manifest.name = name;
  return body;
}

describe('a hosted sandbox: two instances on one Postgres behind haproxy', { timeout: 10 * MINUTES }, () => {
  // Random per run and only ever handed to the instances' environment: never in a message.
  const secret = randomBytes(24).toString('base64url');
  const issuer = createTokenIssuer(secret);
  let fleet: HostedFleet | undefined;

  async function startInstance(name: string): Promise<SandboxProcess> {
    prefixes.delete(name);
    return fleet!.startInstance(name);
  }

  function instance(name: string): SandboxProcess {
    return fleet!.instance(name);
  }

  const serverStatus = (name: string) => fleet!.serverStatus(name);

  /** The tenant's journal as one instance shows it: on one database, every instance's requests. */
  async function journalOn(name: string, token: string): Promise<Array<{ requestId: string }>> {
    const res = await fetch(`${instance(name).url}/_mock/requests`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, `GET /_mock/requests on instance ${name}`).toBe(200);
    return ((await res.json()) as { requests: Array<{ requestId: string }> }).requests;
  }

  /** Each running instance's `req_` prefix, by name: a restarted instance draws a new one. */
  const prefixes = new Map<string, string>();

  /**
   * The `req_` prefix of the ids an instance's answers carry (core/request-id.ts), read from an answer of its own to a
   * tenant of its own (made in beforeAll, before any test counts tenants).
   */
  async function requestIdPrefix(name: string): Promise<string> {
    const known = prefixes.get(name);
    if (known !== undefined) return known;
    const probe = await issuer.sign(PROBE_TENANT);
    const res = await fetch(`${instance(name).url}/api/svc/v1/teams/${TEAM_ID}`, { headers: { authorization: `Bearer ${probe}` } });
    await res.arrayBuffer();
    expect(res.status, `the probe of instance ${name}`).toBe(200);
    const prefix = res.headers.get('x-request-id')!.slice(0, 16);
    prefixes.set(name, prefix);
    return prefix;
  }

  /** The tenant's requests that one instance served, as the shared journal shows them on any instance. */
  async function servedBy(name: string, token: string): Promise<number> {
    const prefix = await requestIdPrefix(name);
    const requests = await journalOn(name, token);
    return requests.filter((entry) => entry.requestId.startsWith(prefix)).length;
  }

  /** GET /_sandbox/health through the balancer, expected to answer 200: how many tenants the database holds. */
  async function tenantCount(): Promise<number> {
    const res = await fetch(`${fleet!.balancer.url}/_sandbox/health`);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', store: 'postgres' });
    return body.tenants;
  }

  async function balancerHealthStatus(): Promise<number | undefined> {
    const res = await fetch(`${fleet!.balancer.url}/_sandbox/health`).catch(() => undefined);
    return res?.status;
  }

  beforeAll(async () => {
    fleet = await startHostedFleet({ names: ['a', 'b'], secret, instanceFlags: INSTANCE_FLAGS });
    // Ready when a request through the balancer reaches an instance (both instances are in).
    await waitUntil('the status of GET /_sandbox/health through haproxy', balancerHealthStatus, 200);
    // The probe tenant, counted before any test counts tenants (activity is written in batches, once a second).
    for (const name of ['a', 'b']) await requestIdPrefix(name);
    await waitUntil('the tenants in the database (the probe)', tenantCount, 1);
  }, 10 * MINUTES);

  afterAll(async () => {
    await fleet?.stop();
  }, 5 * MINUTES);

  it("a partner's flow through the balancer: create, read, page to the end, reset; both instances serve it", async () => {
    const token = await issuer.sign('hosted-flow');
    const base = fleet!.balancer.url;
    const tenantsBefore = await tenantCount();
    let operationCalls = 0;
    // Counts what the instances' journals should add up to (the /_sandbox routes are not journalled).
    const through = (operationId: string, options: CallOptions) => {
      operationCalls += 1;
      return call(base, operationId, options);
    };

    const created = await through('createOrUpdateMcpServer', { token, body: mcpServer('hosted-flow-server') });
    expect(created.status).toBe(200);
    const id: string = created.body.data.id;
    const read = await through('getMcpServer', { token, path: { id } });
    expect(read.status).toBe(200);
    expect(read.body.data.manifest.name).toBe('hosted-flow-server');

    // Offset paging, as x-pagination describes it: `limit` per page until `offset` reaches `pagination.total`.
    const pageSize = 7;
    const ids: string[] = [];
    let total = Infinity;
    for (let offset = 0; offset < total; offset += pageSize) {
      const page = await through('listAgentSkillVersions', { token, query: { offset, limit: pageSize } });
      expect(page.status).toBe(200);
      total = page.body.pagination.total;
      expect(page.body.data.length, `page at offset ${offset} of ${total}`).toBe(Math.min(pageSize, total - offset));
      ids.push(...page.body.data.map((version: { id: string }) => version.id));
    }
    expect(total).toBeGreaterThanOrEqual(30);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size, 'no version appears on two pages').toBe(total);

    const group = await through('createSecretGroup', { token, body: requestExample('createSecretGroup') });
    expect(group.status).toBe(200);

    const reset = await fetch(`${base}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ tenant: 'hosted-flow', reset: true });
    expect((await through('getMcpServer', { token, path: { id } })).status, 'the server created before the reset').toBe(404);
    expect((await through('getTeam', { token, path: { id: TEAM_ID } })).status, 'a record of the starting data').toBe(200);

    // Every operation call was served exactly once, each instance served some of them, and each instance's journal
    // shows them all (one journal in the database).
    const servedByA = await servedBy('a', token);
    const servedByB = await servedBy('b', token);
    expect(servedByA, 'requests served by instance a').toBeGreaterThan(0);
    expect(servedByB, 'requests served by instance b').toBeGreaterThan(0);
    expect(servedByA + servedByB).toBe(operationCalls);
    expect((await journalOn('a', token)).map((entry) => entry.requestId)).toEqual((await journalOn('b', token)).map((entry) => entry.requestId));
    expect(await tenantCount(), 'tenants in the database after a new one').toBe(tenantsBefore + 1);
  });

  it('an instance killed mid-run: every GET ends 200, at most the requests in flight fail, every write that succeeded is kept', async () => {
    const token = await issuer.sign('hosted-crash');
    const base = fleet!.balancer.url;
    const total = 300;
    const workers = 4;
    const killAfterSuccesses = 60;
    // Answered 3 s late by whichever instance gets them, so that some are surely in flight when the instance dies.
    const slow = { prefer: 'delay=3000' };
    const slowGets = 4;
    const slowPuts = 2;
    const mostInFlight = workers + slowGets + slowPuts;
    const victim = instance('a');
    // Every fourth request is an upsert of its own name; the others read a record of the starting data.
    const isPut = (index: number) => index % 4 === 0;

    const gets: RetriedGet[] = [];
    const puts: { name: string; outcome: Attempt }[] = [];
    const succeeded = (outcome: Attempt) => outcome.answered && outcome.status === 200;
    let successes = 0;
    let enoughSucceeded!: () => void;
    const killTime = new Promise<void>((resolve) => (enoughSucceeded = resolve));

    const sendGet = async (headers?: Record<string, string>) => {
      const result = await getWithRetry(base, 'getTeam', { token, path: { id: TEAM_ID }, headers });
      gets.push(result);
      return result;
    };
    const sendPut = async (name: string, headers?: Record<string, string>) => {
      const outcome = await attempt(base, 'createOrUpdateMcpServer', { token, body: mcpServer(name), headers });
      puts.push({ name, outcome });
      return outcome;
    };

    let nextIndex = 0;
    let requestsLeftAtTheKill = 0;
    // A partner within its rate limit (--shared): request i leaves no earlier than i / rate seconds after the start,
    // so the run ends 200 on the one instance left too, and a retry means a crash, not a 429.
    const startedAt = Date.now();
    const paced = (index: number) => new Promise((resolve) => setTimeout(resolve, startedAt + (index * 1000) / PARTNER_REQUESTS_PER_SECOND - Date.now()));
    const worker = async () => {
      while (nextIndex < total) {
        const index = nextIndex;
        nextIndex += 1;
        await paced(index);
        const outcome = isPut(index) ? await sendPut(`crash-${index}`) : (await sendGet()).last;
        if (succeeded(outcome)) successes += 1;
        if (successes >= killAfterSuccesses) enoughSucceeded();
      }
    };
    const killMidRun = async () => {
      await killTime;
      const slowRequests = [
        ...Array.from({ length: slowGets }, () => sendGet(slow)),
        ...Array.from({ length: slowPuts }, (_, i) => sendPut(`in-flight-at-the-kill-${i}`, slow)),
      ];
      const inFlightOnVictim = async () => (await fleet!.balancer.servers()).a!.currentSessions > 0;
      await waitUntil('requests in flight on instance a', inFlightOnVictim, true);
      requestsLeftAtTheKill = total - nextIndex;
      await victim.kill();
      await Promise.all(slowRequests);
    };
    const workersDone = Promise.all(Array.from({ length: workers }, worker));
    // Should the workers end without enough successes, the kill still comes (and the checks below fail), rather than never.
    void workersDone.then(enoughSucceeded, enoughSucceeded);
    await Promise.all([workersDone, killMidRun()]);

    expect(requestsLeftAtTheKill, 'requests still to be sent when instance a was killed').toBeGreaterThan(0);
    expect(victim.isRunning()).toBe(false);
    expect(gets.length + puts.length).toBe(total + slowGets + slowPuts);
    const failedGets = gets.filter((get) => !succeeded(get.last)).map((get) => describeAttempt(get.last));
    expect(failedGets, 'GETs that did not end 200 after retries').toEqual([]);
    const retriedGets = gets.filter((get) => get.attempts > 1).length;
    expect(retriedGets, 'GETs the client had to retry: at most those in flight at the kill').toBeLessThanOrEqual(mostInFlight);
    const failedPuts = puts.filter((put) => !succeeded(put.outcome));
    const failures = failedPuts.map((put) => describeAttempt(put.outcome)).join(', ');
    expect(failedPuts.length, `PUTs that failed (at most those in flight at the kill): ${failures}`).toBeLessThanOrEqual(mostInFlight);

    // Every write that was answered 200 is there, read through the balancer (instance b alone by now).
    const keptPuts = puts.filter((put) => succeeded(put.outcome));
    for (const put of keptPuts) {
      const id = (put.outcome as { body: { data: { id: string } } }).body.data.id;
      const read = await getWithRetry(base, 'getMcpServer', { token, path: { id } });
      expect(describeAttempt(read.last), `reading ${put.name}`).toBe('200 from an instance');
      expect((read.last as { body: { data: { manifest: { name: string } } } }).body.data.manifest.name).toBe(put.name);
    }

    // haproxy took the dead instance out; a new process on its port is taken back in and served again.
    await waitUntil("haproxy's status of the killed instance a", () => serverStatus('a'), 'DOWN');
    await startInstance('a');
    await waitUntil("haproxy's status of the restarted instance a", () => serverStatus('a'), 'UP');
    for (let i = 0; i < 4; i++) {
      const read = await getWithRetry(base, 'getTeam', { token, path: { id: TEAM_ID } });
      expect(describeAttempt(read.last)).toBe('200 from an instance');
    }
    expect(await servedBy('a', token), 'requests the restarted instance a served').toBeGreaterThan(0);
  });

  it('--shared through the balancer: a flooding tenant gets 429s with Retry-After and RateLimit-*, another tenant none', async () => {
    const flooding = await issuer.sign('hosted-flooding');
    const quiet = await issuer.sign('hosted-quiet');
    const base = fleet!.balancer.url;
    const health = await (await fetch(`${base}/_sandbox/health`)).json();
    expect(health.limits).toEqual({ rateLimit: 25, burst: 50, maxRecords: 1000, maxTenantBytes: 10_000_000, tenantTtl: '7d' });
    const read = (token: string) => attempt(base, 'getTeam', { token, path: { id: TEAM_ID } });
    // One budget of 50 for both instances (one bucket in the database): 300 at once are well past it, beside 10 of the
    // other tenant. Served: the burst, what refills meanwhile, and at most a batch (3) each instance took and holds.
    const floodStartedAt = performance.now();
    const [flood, calm] = await Promise.all([Promise.all(Array.from({ length: 300 }, () => read(flooding))), Promise.all(Array.from({ length: 10 }, () => read(quiet)))]);
    const floodSeconds = (performance.now() - floodStartedAt) / 1000;
    const refused = flood.filter((outcome) => outcome.answered && outcome.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const served = flood.filter((outcome) => outcome.answered && outcome.status === 200).length;
    expect(served, `served of 300 in ${floodSeconds.toFixed(1)} s`).toBeLessThanOrEqual(Math.ceil(50 + 25 * floodSeconds + 2 * 3));
    for (const outcome of refused) {
      const headers = (outcome as { headers: Headers }).headers;
      expect(headers.get('retry-after')).toMatch(/^\d+$/);
      expect(headers.get('ratelimit-limit')).toBe('50');
      expect(headers.get('ratelimit-remaining')).toBe('0');
    }
    expect(calm.map(describeAttempt)).toEqual(Array(10).fill('200 from an instance'));
  });

  it('the database stopped: 503 in the operation shape with Retry-After through the balancer, instances stay in, nothing lost after it is back', async () => {
    const token = await issuer.sign('hosted-outage');
    const base = fleet!.balancer.url;
    const before = await call(base, 'createOrUpdateMcpServer', { token, body: mcpServer('written-before-the-outage') });
    expect(before.status).toBe(200);
    const id: string = before.body.data.id;

    await fleet!.cluster.stop();
    try {
      // call() checks each body against the operation's error shape: these are the API's answers, not haproxy's page.
      const team = await call(base, 'getTeam', { token, path: { id: TEAM_ID } });
      expect(team.status).toBe(503);
      expect(team.body.statusCode).toBe(503);
      expect(team.headers.get('retry-after')).toMatch(/^\d+$/);
      const ml = await call(base, 'getArtifactVersion', { token, path: { id: 'x' } });
      expect(ml.status).toBe(503);
      expect(ml.body.detail[0].type).toBe('service_unavailable');
      expect(ml.headers.get('retry-after')).toMatch(/^\d+$/);

      for (const name of ['a', 'b']) {
        expect(instance(name).isRunning(), `instance ${name} keeps running`).toBe(true);
        const health = await fetch(`${instance(name).url}/_sandbox/health`);
        expect(health.status, `health of instance ${name}`).toBe(503);
        expect((await health.json()).status).toBe('unavailable');
        // haproxy's own checks have seen the 503, and the instance is still in.
        const lastCheck = async () => (await fleet!.balancer.servers())[name]?.lastCheckStatusCode;
        await waitUntil(`the status of haproxy's last health check of instance ${name}`, lastCheck, '503');
        expect(await serverStatus(name), `haproxy's status of instance ${name}`).toBe('UP');
      }
    } finally {
      await fleet!.cluster.start();
    }

    // The same processes recover by themselves: nothing is restarted.
    const teamStatus = async () => (await call(base, 'getTeam', { token, path: { id: TEAM_ID } })).status;
    await waitUntil('the status of getTeam through haproxy', teamStatus, 200);
    const after = await call(base, 'getMcpServer', { token, path: { id } });
    expect(after.status).toBe(200);
    expect(after.body.data.manifest.name).toBe('written-before-the-outage');
    for (const name of ['a', 'b']) {
      expect(instance(name).isRunning()).toBe(true);
      const healthStatus = async () => (await fetch(`${instance(name).url}/_sandbox/health`)).status;
      await waitUntil(`the health of instance ${name}`, healthStatus, 200);
    }
  });
});

describe("the README's hosted recipe", () => {
  const readme = () => readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('shows the haproxy config this test runs, with the example ports', () => {
    const section = sectionOf(readme(), '### Hosting a shared sandbox');
    expect(fencedBlock(section, 'haproxy')).toBe(haproxyConfig(README_PORTS));
  });

  it('shows the instance commands this test runs, with the example ports, run as the instance\'s own process', () => {
    const section = sectionOf(readme(), '### Hosting a shared sandbox');
    const commands = fencedBlock(section, 'sh').split('\n');
    // Not through npx, which exits on SIGTERM before the instance has drained (the README says why).
    const bin = `node node_modules/@vendor/api-mock/${INSTALLED_BIN.replace(/^\.\//, '')}`;
    for (const server of README_PORTS.instances) {
      const args = instanceArgs(server.port, 'postgres://sandbox@db.internal:5432/sandbox', INSTANCE_FLAGS);
      expect(commands).toContain(`${bin} ${args.join(' ')} &`);
    }
  });
});

/** The README's text from `heading` to the next heading of the same level. */
function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`the README has no section ${heading}`);
  const level = heading.split(' ')[0]!;
  const end = markdown.indexOf(`\n${level} `, start + heading.length + 1);
  return end === -1 ? markdown.slice(start) : markdown.slice(start, end);
}

/** The text of the first fenced block in `language` (its content, with its final newline). */
function fencedBlock(markdown: string, language: string): string {
  const match = new RegExp(`\n\`\`\`${language}\n([\\s\\S]*?)\`\`\`\n`).exec(markdown);
  if (match === null) throw new Error(`no \`\`\`${language} block`);
  return match[1]!;
}
