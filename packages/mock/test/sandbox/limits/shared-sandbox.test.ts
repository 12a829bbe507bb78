// A shared sandbox's rate limit over HTTP and in the in-process fetch: a tenant at twice its limit gets 429s in
// each operation's error shape with Retry-After while another tenant is served; after Retry-After it is served
// again; every answer carries RateLimit-*; the routes beside the API count; the banner's limits show in health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../../src/index.js';
import { createMockFetch } from '../../../src/fetch.js';
import { call, parameterExample, type CallResult, type Sandbox } from '../helpers.js';
import { runTenant, secretGroup } from '../quotas.js';

const RATE = 5;
const BURST = 2 * RATE;

/** Resolves after the seconds a Retry-After header gives: the clock the sandbox named, not a guess. */
function waitRetryAfter(answer: CallResult): Promise<void> {
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

const getTeam = (sandbox: Sandbox, token: string) => call(sandbox.url, 'getTeam', { token, path: { id: parameterExample('getTeam', 'id') } });

describe('--rate-limit on a sandbox', { timeout: 3 * 60_000 }, () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startMock({ sandbox: { secret: 'rate-test-secret', rateLimit: RATE }, onWarning: () => {} });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('a tenant at twice its limit gets 429s with Retry-After, another tenant none; after Retry-After it is served again', async () => {
    const flooding = await sandbox.token(runTenant('flooding'));
    const quiet = await sandbox.token(runTenant('quiet'));
    // Twice the bucket at once, beside the other tenant's requests.
    const [flood, calm] = await Promise.all([
      Promise.all(Array.from({ length: 2 * BURST }, () => getTeam(sandbox, flooding))),
      Promise.all(Array.from({ length: RATE }, () => getTeam(sandbox, quiet))),
    ]);
    const refused = flood.filter((answer) => answer.status === 429);
    // The bucket holds BURST; what refills while 2×BURST requests are answered depends on the machine's load.
    expect(refused.length).toBeGreaterThan(0);
    expect(flood.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(BURST);
    expect(calm.map((answer) => answer.status)).toEqual(Array(RATE).fill(200));
    const last = refused.at(-1)!;
    expect(last.body).toMatchObject({ statusCode: 429 });
    expect(last.body.message).toMatch(/^Rate limit exceeded: tenant flooding-\S+ sent more than 5 reads a second \(bursts up to 10\); retry after 1 s/);
    expect(last.headers.get('ratelimit-limit')).toBe(String(BURST));
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    await waitRetryAfter(last);
    expect((await getTeam(sandbox, flooding)).status).toBe(200);
  });

  it('every answer of a limited sandbox carries RateLimit-Limit, -Remaining and -Reset', async () => {
    const token = await sandbox.token(runTenant('headers'));
    const first = await getTeam(sandbox, token);
    expect(first.headers.get('ratelimit-limit')).toBe(String(BURST));
    expect(Number(first.headers.get('ratelimit-remaining'))).toBe(BURST - 1);
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(first.headers.get('retry-after')).toBeNull();
    // An invalid write counts, against the writes' own bucket, and carries them too.
    const invalid = await call(sandbox.url, 'createSecretGroup', { token, body: { name: '' } });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('ratelimit-remaining')).toBe(String(BURST - 1));
  });

  it('429 in each of the three error shapes; reads and writes are counted apart', async () => {
    const token = await sandbox.token(runTenant('shapes'));
    /** Calls the operation as fast as answers come until one is refused (bounded): the reads bucket runs dry. */
    const untilRefused = async (id: string, path: Record<string, string>) => {
      for (let i = 0; i < 10 * BURST; i++) {
        const answer = await call(sandbox.url, id, { token, path });
        if (answer.status === 429) return answer;
      }
      throw new Error(`${id} was never refused in ${10 * BURST} calls`);
    };
    // The `call` helper checks each body against the operation's error shape (control plane, ML, gateway).
    const controlPlane = await untilRefused('getTeam', { id: parameterExample('getTeam', 'id') });
    expect(controlPlane.body).toMatchObject({ statusCode: 429, code: 429 });
    const ml = await untilRefused('getArtifactVersion', { id: parameterExample('getArtifactVersion', 'id') });
    expect(ml.body.detail[0]).toMatchObject({ type: 'rate_limit_exceeded', loc: ['server'] });
    const gateway = await untilRefused('getBatch', { id: parameterExample('getBatch', 'id') });
    expect(gateway.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    // Writes have a bucket of their own.
    const write = await call(sandbox.url, 'createSecretGroup', { token, body: secretGroup('written-while-reads-wait') });
    expect(write.status).toBe(200);
  });

  it('a refused write changes nothing and is journaled as the 429 it got', async () => {
    const tenant = runTenant('writes');
    const token = await sandbox.token(tenant);
    const answers = await Promise.all(Array.from({ length: 2 * BURST }, (_, i) => call(sandbox.url, 'createSecretGroup', { token, body: secretGroup(`w-${i}`) })));
    const refusedNames = answers.flatMap((answer, i) => (answer.status === 429 ? [`w-${i}`] : []));
    expect(refusedNames.length).toBeGreaterThan(0);
    const journal = sandbox.requests(tenant, { operationId: 'createSecretGroup' });
    expect(journal.filter((entry) => entry.status === 429)).toHaveLength(refusedNames.length);
    await waitRetryAfter(answers.find((answer) => answer.status === 429)!);
    // Not stored: the name is free (a stored one would answer 422, a duplicate).
    expect((await call(sandbox.url, 'createSecretGroup', { token, body: secretGroup(refusedNames[0]!) })).status).toBe(200);
  });

  it('POST /_sandbox/reset and the journal count against the tenant, and are refused only once it is over its limit', async () => {
    const token = await sandbox.token(runTenant('admin'));
    const authorization = { authorization: `Bearer ${token}` };
    const resets = await Promise.all(Array.from({ length: 2 * BURST }, () => fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST', headers: authorization })));
    const resetStatuses = resets.map((answer) => answer.status);
    expect(resetStatuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(BURST);
    expect(resetStatuses).toContain(429);
    const refusedReset = resets.find((answer) => answer.status === 429)!;
    expect(await refusedReset.json()).toMatchObject({ statusCode: 429, message: expect.stringContaining('writes a second') });
    expect(refusedReset.headers.get('retry-after')).not.toBeNull();
    // Reads are a bucket of their own: the journal is still served, with the headers.
    const journal = await fetch(`${sandbox.url}/_mock/requests`, { headers: authorization });
    expect(journal.status).toBe(200);
    expect(journal.headers.get('ratelimit-limit')).toBe(String(BURST));
    // The health probe has no tenant: never counted, never refused.
    const probes = await Promise.all(Array.from({ length: 3 * BURST }, () => fetch(`${sandbox.url}/_sandbox/health`)));
    expect(probes.map((answer) => answer.status)).toEqual(Array(3 * BURST).fill(200));
  });

  it('GET /_sandbox/health shows the limits in force', async () => {
    const health = await (await fetch(`${sandbox.url}/_sandbox/health`)).json();
    expect(health.limits).toEqual({ rateLimit: RATE, burst: BURST, maxRecords: null, maxTenantBytes: null, tenantTtl: null });
  });
});

describe('--shared', () => {
  it('turns on 25 a second, 1000 records, 10 MB and a 7-day TTL; each limit given alone overrides its default', async () => {
    const shared = await startMock({ sandbox: { shared: true }, onWarning: () => {} });
    const overridden = await startMock({ sandbox: { shared: true, rateLimit: 0, maxTenantBytes: '512kB' }, onWarning: () => {} });
    const local = await startMock({ sandbox: {}, onWarning: () => {} });
    try {
      const health = async (url: string) => (await (await fetch(`${url}/_sandbox/health`)).json()).limits;
      expect(await health(shared.url)).toEqual({ rateLimit: 25, burst: 50, maxRecords: 1000, maxTenantBytes: 10_000_000, tenantTtl: '7d' });
      expect(await health(overridden.url)).toEqual({ rateLimit: null, burst: null, maxRecords: 1000, maxTenantBytes: 512_000, tenantTtl: '7d' });
      expect(await health(local.url)).toEqual({ rateLimit: null, burst: null, maxRecords: null, maxTenantBytes: null, tenantTtl: null });
      // A local sandbox sends no rate headers: it has no limit to report.
      const token = await local.token('acme');
      expect((await getTeam(local, token)).headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await Promise.all([shared.close(), overridden.close(), local.close()]);
    }
  });

  it('refuses a limit that is not a whole number or a size, naming it', async () => {
    await expect(startMock({ sandbox: { rateLimit: -1 }, onWarning: () => {} })).rejects.toThrow('rateLimit must be a whole number, 0 to turn it off (got -1)');
    await expect(startMock({ sandbox: { maxTenantBytes: 'lots' }, onWarning: () => {} })).rejects.toThrow('maxTenantBytes must be a size such as 512kB');
  });
});

describe('createMockFetch({ sandbox }) with limits', () => {
  it('answers 429 with Retry-After past the rate, and 403 past a quota', async () => {
    const mockFetch = createMockFetch({ sandbox: { rateLimit: 1, maxRecords: 1 }, onWarning: () => {} });
    const token = await mockFetch.token('acme');
    const headers = { authorization: `Bearer ${token}` };
    const url = `http://sandbox.test/api/svc/v1/teams/${parameterExample('getTeam', 'id')}`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await mockFetch(url, { headers })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const create = (name: string) =>
      mockFetch('http://sandbox.test/api/svc/v1/secret-groups', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(secretGroup(name)) });
    expect((await create('first')).status).toBe(200);
    const refused = await create('second');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('max-records quota: 1 per record kind');
  });
});
