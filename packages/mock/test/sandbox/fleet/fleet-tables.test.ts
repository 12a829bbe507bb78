// The fleet's tables on a real Postgres (the throwaway cluster), each feature through two "instances" (two fleets on
// one database, each with its own pool): the bucket takes, the fault counters, the sweep's lease and the journal.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestContext } from '../../../src/core/request-context.js';
import type { IncomingRequest } from '../../../src/core/exchange.js';
import { createJournalRecorder } from '../../../src/journal/journal-recorder.js';
import { openFleet, type Fleet } from '../../../src/sandbox/fleet/open-fleet.js';
import { createPgDriver } from '../../../src/sandbox/store/pg-driver.js';
import type { SqlDriver } from '../../../src/sandbox/store/sql-overlay.js';
import { startCluster, type Cluster } from '../postgres-cluster.js';

const WAIT = { timeout: 2 * 60_000, interval: 100 };
let cluster: Cluster;
let one: Fleet;
let other: Fleet;
let sql: SqlDriver;

beforeAll(async () => {
  cluster = await startCluster();
  // Opened together, as instances start together: the schema is created once, under its lock.
  [one, other] = await Promise.all([openFleet(cluster.url, () => {}), openFleet(cluster.url, () => {})]);
  sql = await createPgDriver(cluster.url);
}, 5 * 60_000);

afterAll(async () => {
  await one?.close();
  await other?.close();
  await sql?.close();
  await cluster?.destroy();
}, 60_000);

/** A request as the pipeline hands it to the journal. */
function exchange(tenant: string, target: string, token = 'secret-token-value') {
  const request = { method: 'GET', target, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, hasBody: false } as unknown as IncomingRequest;
  const ctx = { caller: { tenant, subject: 'user:dev' }, op: { operationId: 'getTeam' }, body: { kind: 'none' }, violations: [] } as unknown as RequestContext;
  return { request, ctx };
}

describe('the shared rate bucket', () => {
  it('starts full (2N), gives whole tokens up to what is left, and refills at N a second on the database clock', async () => {
    const take = one.takeTokens(25);
    // What refills between two takes is bounded by the time from sending the first to the second's answer (25 a
    // second, one token more for the clocks' rounding), however long a busy machine made them take.
    const refillAtMost = (sentAt: number) => Math.ceil((25 * (performance.now() - sentAt)) / 1000) + 1;
    const firstSentAt = performance.now();
    expect(await take('bucket-a', 'read', 30)).toMatchObject({ taken: 30 });
    // More than the bucket can ever hold (2N = 50): the take gets what is left, 20 and what refilled, never all.
    const secondSentAt = performance.now();
    const second = await other.takeTokens(25)('bucket-a', 'read', 100);
    expect(second.taken).toBeGreaterThanOrEqual(20);
    expect(second.taken).toBeLessThanOrEqual(Math.min(50, 20 + refillAtMost(firstSentAt)));
    expect(second.left).toBeLessThan(1);
    const third = await take('bucket-a', 'read', 30);
    expect(third.taken).toBeLessThanOrEqual(refillAtMost(secondSentAt));
    // Writes and other tenants have their own buckets.
    expect(await take('bucket-a', 'write', 50)).toMatchObject({ taken: 50 });
    expect(await take('bucket-b', 'read', 50)).toMatchObject({ taken: 50 });
    await vi.waitFor(async () => {
      const refilled = await take('bucket-a', 'read', 1);
      if (refilled.taken !== 1) throw new Error('waited for a token to be refilled');
    }, WAIT);
  });

  it('concurrent takes from two instances never hand out more than the bucket holds', async () => {
    const startedAt = performance.now();
    const takes = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? one : other).takeTokens(25)('bucket-race', 'read', 5));
    const taken = (await Promise.all(takes)).reduce((sum, grant) => sum + grant.taken, 0);
    const elapsedSeconds = (performance.now() - startedAt) / 1000;
    // 50 at the start, and whatever refilled while the 40 takes ran (25 a second, however long a busy machine made
    // them take; one token more for the clocks' rounding).
    expect(taken).toBeGreaterThanOrEqual(50);
    expect(taken).toBeLessThanOrEqual(50 + Math.ceil(25 * elapsedSeconds) + 1);
  });
});

describe('the shared fault counters', () => {
  it('count a tenant\'s key once for every instance; another tenant\'s key is its own', async () => {
    const fails = [
      await one.faultCounters.shouldFail('faults-a', 'k', 2),
      await other.faultCounters.shouldFail('faults-a', 'k', 2),
      await one.faultCounters.shouldFail('faults-a', 'k', 2),
      await other.faultCounters.shouldFail('faults-b', 'k', 2),
    ];
    expect(fails).toEqual([true, true, false, true]);
    await other.faultCounters.clear('faults-a');
    expect(await one.faultCounters.shouldFail('faults-a', 'k', 1)).toBe(true);
  });
});

describe("the sweep's lease", () => {
  it('is held by one instance at a time, handed over when released, and free once it runs out', async () => {
    const first = one.sweepLease(1_500);
    const second = other.sweepLease(1_500);
    expect(await first.acquire()).toBe(true);
    expect(await second.acquire()).toBe(false);
    expect(await first.acquire(), 'renewed by its holder').toBe(true);
    await first.release();
    expect(await second.acquire()).toBe(true);
    expect(await first.acquire()).toBe(false);
    // The second holder stops renewing (as a killed instance): the lease runs out and the first takes it.
    await vi.waitFor(async () => {
      if (!(await first.acquire())) throw new Error('waited for the lease to run out');
    }, WAIT);
    expect(await second.acquire()).toBe(false);
    await first.release();
  });
});

describe('the shared journal', () => {
  it('lists what every instance recorded, oldest first, within the entry budget, with the filters; trims the rest', async () => {
    const options = { size: 3, scoped: true };
    const [a, b] = [one.journal(options), other.journal(options)];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { request, ctx } = exchange('journal-a', `/api/svc/v1/teams/t${i}`);
      const id = `req_journal_a_${i}`;
      ids.push(id);
      await (i % 2 === 0 ? a : b).record(request, ctx, 200, performance.now(), id);
    }
    const listed = [...(await a.iterate('journal-a'))];
    expect(listed.map((entry) => entry.requestId)).toEqual(ids.slice(-3));
    expect([...(await b.iterate('journal-a'))].map((entry) => entry.requestId)).toEqual(ids.slice(-3));
    expect(listed[0]).toMatchObject({ operationId: 'getTeam', method: 'GET', path: '/api/svc/v1/teams/t2', status: 200 });
    expect([...(await b.iterate('journal-a', { requestId: ids[3] }))]).toHaveLength(1);
    expect([...(await b.iterate('journal-a', { method: 'put' }))]).toHaveLength(0);
    expect([...(await b.iterate('journal-other'))]).toEqual([]);
    // Never a secret in the database: the token is masked before the entry is stored.
    const [raw] = await sql.query("SELECT string_agg(entry::text, '') AS text FROM sandbox_journal WHERE tenant = 'journal-a'");
    expect(raw!.text).not.toContain('secret-token-value');
    // The rows past the budget are deleted within seconds.
    await vi.waitFor(async () => {
      const [row] = await sql.query("SELECT count(*)::int AS n FROM sandbox_journal WHERE tenant = 'journal-a'");
      if (row!.n !== 3) throw new Error(`waited for the journal to keep 3 rows; it keeps ${row!.n}`);
    }, WAIT);
    await a.clear('journal-a');
    expect([...(await b.iterate('journal-a'))]).toEqual([]);
  });

  it('shows requests in the order the instances received them, whichever instance stored its batch first', async () => {
    const options = { size: 10, scoped: true };
    const [a, b] = [one.journal(options), other.journal(options)];
    const ids = ['req_order_0', 'req_order_1', 'req_order_2'];
    const receivedAt = performance.now();
    const record = (journal: typeof a, i: number) => {
      const { request, ctx } = exchange('journal-order', `/api/svc/v1/teams/o${i}`);
      return journal.record(request, ctx, 200, receivedAt + i, ids[i]);
    };
    // b's batch (the middle request) is stored before a's (the first and the last).
    await record(b, 1);
    await b.storeHeld();
    await record(a, 0);
    await record(a, 2);
    await a.storeHeld();
    const [stored] = await sql.query("SELECT array_agg(request_id ORDER BY seq) AS ids FROM sandbox_journal WHERE tenant = 'journal-order'");
    expect(stored!.ids).toEqual(['req_order_1', 'req_order_0', 'req_order_2']);
    expect([...(await a.iterate('journal-order'))].map((entry) => entry.requestId)).toEqual(ids);
  });

  it('stores each entry as the in-memory journal shows it: quotes, backslashes, line breaks and any script come back unchanged', async () => {
    const text = 'a "quoted" \\ back\\slash,\n a line break, Zoë, 日本語 and 🚀';
    const { request, ctx } = exchange('journal-text', `/api/svc/v1/teams/t?q=${encodeURIComponent(text)}&plain=1`);
    (request.headers as Record<string, string>)['x-note'] = 'say "hi" \\ ünï';
    const body = { kind: 'json', bytes: new TextEncoder().encode(JSON.stringify({ text, nested: [{ deep: text }] })) };
    const withBody = { ...ctx, body } as unknown as RequestContext;
    const receivedAt = performance.now();
    const shared = one.journal({ size: 10, scoped: true });
    await shared.record(request, withBody, 201, receivedAt, 'req_text');
    const inMemory = createJournalRecorder({ size: 10, scoped: true });
    inMemory.record(request, withBody, 201, receivedAt, 'req_text');
    const [listed] = [...(await other.journal({ size: 10, scoped: true }).iterate('journal-text'))];
    const [expected] = inMemory.list('journal-text');
    // durationMs is measured when each journal records it: the rest, the time to the millisecond included, is the same.
    expect({ ...listed, durationMs: 0 }).toEqual({ ...expected, durationMs: 0 });
    expect(listed).toMatchObject({ query: { q: text, plain: '1' }, body: { text, nested: [{ deep: text }] }, status: 201 });
  });

  it('keeps the newest within the byte budget (the newest always), and passes fields it does not know through', async () => {
    const { request, ctx } = exchange('journal-bytes', '/api/svc/v1/teams/t');
    const weigh = one.journal({ size: 100, scoped: true });
    await weigh.record(request, ctx, 200, performance.now(), 'req_weigh');
    await weigh.storeHeld();
    const [row] = await sql.query("SELECT bytes FROM sandbox_journal WHERE tenant = 'journal-bytes'");
    const entryBytes = Number(row!.bytes);
    const small = one.journal({ size: 100, scoped: true, maxScopeBytes: 2 * entryBytes + 1 });
    for (let i = 0; i < 4; i++) await small.record(request, ctx, 200, performance.now(), `req_bytes_${i}`);
    expect([...(await small.iterate('journal-bytes'))].map((entry) => entry.requestId)).toEqual(['req_bytes_2', 'req_bytes_3']);
    const tiny = one.journal({ size: 100, scoped: true, maxScopeBytes: 1 });
    expect([...(await tiny.iterate('journal-bytes'))].map((entry) => entry.requestId)).toEqual(['req_bytes_3']);
    // An entry with a field this version does not write (a later version's traceId) is listed with it.
    await sql.query(
      "INSERT INTO sandbox_journal (tenant, request_id, operation_id, method, bytes, entry) VALUES ('journal-extra', 'req_extra', 'getTeam', 'GET', 10, $1::json)",
      [JSON.stringify({ requestId: 'req_extra', method: 'GET', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' })],
    );
    expect([...(await weigh.iterate('journal-extra'))]).toEqual([{ requestId: 'req_extra', method: 'GET', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' }]);
  });
});
