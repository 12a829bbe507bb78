// Chaos mode (faults.rate/kinds, latency, seed) and reproducible generated bodies (Prefer: seed, --seed).
import { describe, expect, it } from 'vitest';
import { createChaos } from '../../src/faults/chaos.js';
import { createMockFetch } from '../../src/fetch.js';
import { startMock } from '../../src/index.js';
import { loadModel, validRequest } from '../helpers/spec.js';
import { openTransport, TRANSPORTS } from '../fetch/transports.js';

const model = loadModel();
const getTeam = model.operation('getTeam');

/** The outcome of `count` getTeam requests: a status, or 'reset'. */
async function outcomes(send: (url: string, init: RequestInit) => Promise<Response>, base: string, count: number): Promise<Array<number | 'reset'>> {
  const seen: Array<number | 'reset'> = [];
  for (let i = 0; i < count; i++) {
    const request = validRequest(base, getTeam);
    try {
      seen.push((await send(request.url, request.init)).status);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      seen.push('reset');
    }
  }
  return seen;
}

describe('chaos mode', () => {
  it('fails about the rate asked for, with the kinds asked for, the same requests for the same seed', async () => {
    const run = (seed: string) => outcomes(createMockFetch({ faults: { rate: 0.3, kinds: [503, 'reset'], seed } }), 'http://mock.local', 200);
    const first = await run('soak-1');
    expect(await run('soak-1')).toEqual(first);
    expect(await run('soak-2')).not.toEqual(first);
    const failed = first.filter((outcome) => outcome !== 200);
    expect(new Set(failed)).toEqual(new Set([503, 'reset']));
    // 200 draws at 0.3: 60 expected; 30..90 is beyond 4 standard deviations either way.
    expect(failed.length).toBeGreaterThan(30);
    expect(failed.length).toBeLessThan(90);
  });

  it('draws the same fates in the server as in the in-process fetch for one seed', async () => {
    const options = { faults: { rate: 0.5, kinds: [429, 502] as const, seed: 'same' } };
    const server = await startMock({ ...options, faults: { ...options.faults, kinds: [...options.faults.kinds] }, onWarning: () => {} });
    try {
      const overHttp = await outcomes((url, init) => fetch(url, init), server.url, 40);
      const inProcess = await outcomes(createMockFetch({ faults: { ...options.faults, kinds: [...options.faults.kinds] } }), 'http://mock.local', 40);
      expect(overHttp).toEqual(inProcess);
      expect(server.chaosSeed).toBe('same');
    } finally {
      await server.close();
    }
  });

  it('never faults its own routes, even at rate 1', async () => {
    const mockFetch = createMockFetch({ faults: { rate: 1, kinds: ['reset'] }, sandbox: {} });
    for (let i = 0; i < 5; i++) expect((await mockFetch('http://mock.local/_sandbox/health')).status).toBe(200);
    const token = await mockFetch.token('acme');
    expect((await mockFetch('http://mock.local/_mock/requests', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('delays each request within --latency, and a request\'s own Prefer wins over chaos', async () => {
    const mockFetch = createMockFetch({ latency: { min: 40, max: 60 }, faults: { rate: 1, kinds: [503], seed: 's' } });
    const request = validRequest('http://mock.local', getTeam);
    const started = performance.now();
    expect((await mockFetch(request.url, request.init)).status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    const asked = await mockFetch(request.url, { ...request.init, headers: { ...request.init.headers, prefer: 'delay=0' } });
    expect(asked.status).toBe(200);
  });

  it('refuses a rate outside 0..1, an unknown kind and a reversed latency, naming the option', () => {
    expect(() => createChaos({ rate: 1.5 }, undefined)).toThrow('faults.rate must be a number from 0 to 1 (got 1.5)');
    // @ts-expect-error 418 is not a fault kind: the types refuse it, and so does the check for untyped callers
    expect(() => createChaos({ rate: 0.1, kinds: [418] }, undefined)).toThrow('faults.kinds: 418 is not a fault');
    expect(() => createChaos(undefined, { min: 50, max: 10 })).toThrow('latency must be whole milliseconds');
  });
});

describe.each(TRANSPORTS)('reproducible generated bodies through %s', (transportName) => {
  const generated = async (prefer: string, options = {}) => {
    const mock = await openTransport(transportName, options);
    try {
      const request = validRequest(mock.base, getTeam);
      const res = await mock.fetch(request.url, { ...request.init, headers: { ...request.init.headers, prefer } });
      expect(res.status).toBe(200);
      return await res.text();
    } finally {
      await mock.close();
    }
  };

  it('gives the same body for the same operation and seed, another for another seed', async () => {
    const first = await generated('dynamic=true, seed=42');
    expect(await generated('dynamic=true, seed=42')).toBe(first);
    expect(await generated('dynamic=true, seed=43')).not.toBe(first);
  });

  it('uses the mock\'s --seed when the request names none', async () => {
    expect(await generated('dynamic=true', { seed: 'run-7' })).toBe(await generated('dynamic=true', { seed: 'run-7' }));
    expect(await generated('dynamic=true', { seed: 'run-7' })).toBe(await generated('dynamic=true, seed=run-7'));
  });
});

describe('server and in-process fetch give the same generated body', () => {
  it('for every operation, one seed', async () => {
    const server = await startMock({ onWarning: () => {} });
    const mockFetch = createMockFetch();
    try {
      for (const op of model.operations) {
        const viaServer = validRequest(server.url, op);
        const inProcess = validRequest('http://mock.local', op);
        viaServer.init.headers.prefer = 'dynamic=true, seed=parity';
        inProcess.init.headers.prefer = 'dynamic=true, seed=parity';
        const a = await fetch(viaServer.url, viaServer.init);
        const b = await mockFetch(inProcess.url, inProcess.init);
        expect(b.status, op.operationId).toBe(a.status);
        expect(await b.text(), op.operationId).toBe(await a.text());
      }
    } finally {
      await server.close();
    }
  });
});
