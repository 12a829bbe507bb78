// The shared limiter's batching on a clock the test turns, with the shared bucket in memory doing what the Postgres
// row does (fleet/pg-rate-bucket.ts: refill at N a second up to 2N, take up to `want` whole tokens): several
// instances' limiters on one bucket serve one budget, ask the bucket once per batch, never while it is known empty,
// and count alone (saying so) while it cannot be reached.
import { describe, expect, it } from 'vitest';
import { batchSize, createSharedRateLimiter, LEASE_MS, type TakeTokens } from '../../../src/sandbox/limits/shared-rate-limiter.js';

function clock() {
  let ms = 1_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

/** One shared bucket per tenant and kind, as the database keeps it; counts the takes. */
function sharedBucket(perSecond: number, now: () => number) {
  const capacity = 2 * perSecond;
  const rows = new Map<string, { tokens: number; at: number }>();
  let takes = 0;
  let failing = false;
  const take: TakeTokens = async (tenant, kind, want) => {
    takes += 1;
    if (failing) throw new Error('connection refused');
    const key = `${tenant}/${kind}`;
    const at = now();
    const row = rows.get(key) ?? { tokens: capacity, at };
    const refilled = Math.min(capacity, row.tokens + ((at - row.at) * perSecond) / 1000);
    const taken = Math.min(want, Math.floor(refilled));
    rows.set(key, { tokens: refilled - taken, at });
    return { taken, left: refilled - taken };
  };
  return {
    take,
    takes: () => takes,
    fail: (on: boolean) => (failing = on),
  };
}

describe('shared rate limiter (batches from one bucket)', () => {
  it('takes a tenth of the rate at a time, between 1 and 100', () => {
    expect([1, 25, 100, 5_000].map(batchSize)).toEqual([1, 3, 10, 100]);
  });

  it('a burst sent to three instances at once gets 2N in all, for a few takes', async () => {
    const time = clock();
    const bucket = sharedBucket(25, time.now);
    const instances = [1, 2, 3].map(() => createSharedRateLimiter({ perSecond: 25, take: bucket.take, now: time.now }));
    // 80 requests at one instant, spread over the instances as a round-robin balancer spreads them.
    const verdicts = await Promise.all(Array.from({ length: 80 }, (_, i) => instances[i % 3]!.admit('acme', 'GET')));
    const admitted = verdicts.filter((v) => v.admitted).length;
    expect(admitted).toBe(50);
    const refused = verdicts.find((v) => !v.admitted)!;
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '50', 'ratelimit-remaining': '0', 'retry-after': '1' });
    // A few takes per instance (the first for everyone waiting then, the rest as batches), not one per request.
    expect(bucket.takes()).toBeLessThanOrEqual(12);
  });

  it('a tenant sending as fast as it can to three instances gets N a second within 10 % over every 5 s window', async () => {
    const time = clock();
    const perSecond = 25;
    const bucket = sharedBucket(perSecond, time.now);
    const instances = [1, 2, 3].map(() => createSharedRateLimiter({ perSecond, take: bucket.take, now: time.now }));
    const start = time.now();
    const admittedAt: number[] = [];
    let requests = 0;
    // One request every 2 ms (500 a second, 20 times the rate) for 30 s, round robin.
    for (let i = 0; i < 15_000; i++) {
      const verdict = await instances[i % 3]!.admit('acme', i % 2 === 0 ? 'GET' : 'HEAD');
      requests += 1;
      if (verdict.admitted) admittedAt.push(time.now() - start);
      time.advance(2);
    }
    const windows = [0, 1, 2, 3, 4, 5].map((w) => admittedAt.filter((t) => t >= w * 5_000 && t < (w + 1) * 5_000).length);
    // The first window holds the burst (2N) on top of its 5N.
    expect(windows[0]).toBeLessThanOrEqual(Math.ceil((2 * perSecond + 5 * perSecond) * 1.1));
    for (const count of windows.slice(1)) {
      expect(count).toBeGreaterThanOrEqual(5 * perSecond * 0.9);
      expect(count).toBeLessThanOrEqual(5 * perSecond * 1.1);
    }
    // Sliding windows too, every 500 ms after the burst.
    for (let from = 5_000; from + 5_000 <= 30_000; from += 500) {
      const count = admittedAt.filter((t) => t >= from && t < from + 5_000).length;
      expect(count, `5 s from ${from} ms`).toBeLessThanOrEqual(5 * perSecond * 1.1);
    }
    // Refusals while the bucket is known empty ask nothing: takes stay near one per batch admitted.
    expect(bucket.takes()).toBeLessThan(admittedAt.length);
    expect(bucket.takes()).toBeLessThan(requests / 20);
    expect(requests).toBe(15_000);
  });

  it('serves its batch without asking again, and asks again once the batch lapses', async () => {
    const time = clock();
    const bucket = sharedBucket(100, time.now);
    const limiter = createSharedRateLimiter({ perSecond: 100, take: bucket.take, now: time.now });
    expect(limiter.batch).toBe(10);
    const first = await limiter.admit('acme', 'PUT');
    expect(first.admitted).toBe(true);
    expect(bucket.takes()).toBe(1);
    // The other nine of the batch answer at once, not as promises.
    for (let i = 0; i < 9; i++) {
      const verdict = limiter.admit('acme', 'PUT');
      expect(verdict).not.toBeInstanceOf(Promise);
      expect((verdict as { admitted: boolean }).admitted).toBe(true);
    }
    expect(bucket.takes()).toBe(1);
    await limiter.admit('acme', 'PUT');
    expect(bucket.takes()).toBe(2);
    time.advance(LEASE_MS + 1);
    await limiter.admit('acme', 'PUT');
    expect(bucket.takes()).toBe(3);
  });

  it('counts alone while the bucket cannot be reached, says so once, and shares again when it answers', async () => {
    const time = clock();
    const bucket = sharedBucket(5, time.now);
    const lines: string[] = [];
    const limiter = createSharedRateLimiter({ perSecond: 5, take: bucket.take, now: time.now, warn: (line) => lines.push(line) });
    bucket.fail(true);
    const verdicts = [];
    for (let i = 0; i < 12; i++) verdicts.push(await limiter.admit('acme', 'GET'));
    // This process's own bucket: 2N, then refusals in the same shape.
    expect(verdicts.filter((v) => v.admitted)).toHaveLength(10);
    expect(verdicts[11]).toMatchObject({ admitted: false, headers: { 'ratelimit-limit': '10' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/counts its own requests until the database answers/);
    bucket.fail(false);
    time.advance(1_001);
    expect((await limiter.admit('acme', 'GET')).admitted).toBe(true);
    expect(lines[1]).toMatch(/shared by every instance again/);
  });

  it('refuses the wrong rate, naming it', () => {
    const bucket = sharedBucket(1, () => 0);
    expect(() => createSharedRateLimiter({ perSecond: 0, take: bucket.take })).toThrow(/rateLimit must be a whole number/);
  });
});
