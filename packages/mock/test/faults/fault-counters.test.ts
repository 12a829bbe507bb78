// Fault counters (Prefer: fault=..., times=N, key=K) per scope: each tenant's bounded on its own.
import { describe, expect, it } from 'vitest';
import { createFaultCounters, MAX_KEYS_PER_SCOPE } from '../../src/faults/fault-counters.js';
import { createMockFetch } from '../../src/fetch.js';
import { TEAM_ID } from '../attacks/attack-helpers.js';

describe('fault counters', () => {
  it("a scope's fresh keys push out only its own oldest counters", () => {
    const counters = createFaultCounters({ keysPerScope: 3 });
    expect(counters.shouldFail('a', 'K', 1)).toBe(true);
    for (let i = 0; i < 10; i++) counters.shouldFail('b', `fresh-${i}`, 1);
    // A's key was counted once already: its one fault has fired.
    expect(counters.shouldFail('a', 'K', 1)).toBe(false);
    // B's oldest keys were forgotten: they count from the start again.
    expect(counters.shouldFail('b', 'fresh-0', 1)).toBe(true);
  });

  it('past the most scopes, the least recently used scope is forgotten', () => {
    const counters = createFaultCounters({ scopes: 2 });
    counters.shouldFail('a', 'K', 1);
    counters.shouldFail('b', 'K', 1);
    counters.shouldFail('a', 'K', 1);
    counters.shouldFail('c', 'K', 1);
    expect(counters.shouldFail('a', 'K', 5)).toBe(true);
    expect(counters.shouldFail('a', 'K', 2)).toBe(false);
    expect(counters.shouldFail('b', 'K', 1)).toBe(true);
  });
});

describe("attack: a tenant's fresh keys evict another tenant's fault counter", () => {
  it("tenant A's fault fires once however many keys tenant B sends", async () => {
    const sandbox = createMockFetch({ sandbox: {} });
    const [a, b] = [await sandbox.token('tenant-a'), await sandbox.token('tenant-b')];
    const get = (token: string, key: string) =>
      sandbox(`http://mock.local/api/svc/v1/teams/${TEAM_ID}`, { headers: { authorization: `Bearer ${token}`, prefer: `fault=503, times=1, key=${key}` } });
    expect((await get(a, 'K')).status).toBe(503);
    expect((await get(a, 'K')).status).toBe(200);
    for (let i = 0; i <= MAX_KEYS_PER_SCOPE; i++) await (await get(b, `fresh-${i}`)).arrayBuffer();
    expect((await get(a, 'K')).status).toBe(200);
  });
});
