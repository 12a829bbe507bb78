// The token bucket on a clock the test turns: a burst of 2N, then one request per 1/N s; reads and writes and
// tenants counted apart; the headers each answer carries; buckets of idle tenants dropped.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/sandbox/limits/rate-limiter.js';

function clock() {
  let ms = 1_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

describe('rate limiter', () => {
  it('serves a burst of 2N, refuses the next with Retry-After, and serves again once a request is refilled', () => {
    const time = clock();
    const limiter = createRateLimiter(5, time.now);
    const verdicts = Array.from({ length: 11 }, () => limiter.admit('acme', 'GET'));
    expect(verdicts.slice(0, 10).every((v) => v.admitted)).toBe(true);
    expect(verdicts[0]!.headers).toEqual({ 'ratelimit-limit': '10', 'ratelimit-remaining': '9', 'ratelimit-reset': '1' });
    const refused = verdicts[10]!;
    expect(refused.admitted).toBe(false);
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': '2', 'retry-after': '1' });
    time.advance(199);
    expect(limiter.admit('acme', 'GET').admitted).toBe(false);
    time.advance(201);
    expect(limiter.admit('acme', 'GET').admitted).toBe(true);
  });

  it('counts reads and writes apart, and each tenant apart', () => {
    const time = clock();
    const limiter = createRateLimiter(1, time.now);
    expect([limiter.admit('acme', 'GET'), limiter.admit('acme', 'HEAD')].every((v) => v.admitted)).toBe(true);
    expect(limiter.admit('acme', 'GET').admitted).toBe(false);
    expect(limiter.admit('acme', 'PUT').admitted).toBe(true);
    expect(limiter.admit('acme', 'DELETE').admitted).toBe(true);
    expect(limiter.admit('acme', 'POST').admitted).toBe(false);
    expect(limiter.admit('globex', 'GET').admitted).toBe(true);
  });

  it('Retry-After is the whole seconds until the next request is served', () => {
    const time = clock();
    const limiter = createRateLimiter(1, time.now);
    limiter.admit('acme', 'GET');
    limiter.admit('acme', 'GET');
    time.advance(100);
    const refused = limiter.admit('acme', 'GET');
    expect(refused.retryAfterSeconds).toBe(1);
    time.advance(899);
    expect(limiter.admit('acme', 'GET').admitted).toBe(false);
    time.advance(2);
    expect(limiter.admit('acme', 'GET').admitted).toBe(true);
  });

  it('drops the buckets of idle tenants, so a stream of new tenants keeps a bounded number', () => {
    const time = clock();
    const limiter = createRateLimiter(1, time.now);
    for (let i = 0; i < 25_000; i++) {
      limiter.admit(`tenant-${i}`, 'GET');
      time.advance(1);
    }
    // Each tenant sent one request: its bucket is full again 1 s later, and a sweep drops it.
    expect(limiter.buckets()).toBeLessThanOrEqual(10_000);
    expect(limiter.buckets()).toBeGreaterThan(0);
    // The first tenant is served a full burst again: a dropped bucket is a full one.
    expect([limiter.admit('tenant-0', 'GET'), limiter.admit('tenant-0', 'GET')].every((v) => v.admitted)).toBe(true);
  });

  it('refuses a rate that is not a whole number of 1 or more', () => {
    expect(() => createRateLimiter(0)).toThrow('rateLimit must be a whole number of requests a second, 1 or more (got 0)');
    expect(() => createRateLimiter(2.5)).toThrow('(got 2.5)');
  });
});

describe('refusals are held', () => {
  it('one tenant’s refusals are spaced 1/N s apart, at most 1 s, so a flood gets N refusals a second', () => {
    const time = clock();
    const limiter = createRateLimiter(10, time.now);
    for (let i = 0; i < 20; i++) limiter.admit('acme', 'GET');
    const holds = Array.from({ length: 15 }, () => limiter.admit('acme', 'GET').holdMs);
    expect(holds.slice(0, 3)).toEqual([100, 200, 300]);
    expect(Math.max(...holds)).toBe(1000);
    // Another tenant's refusals and this tenant's writes have schedules of their own; an admitted request is never held.
    expect(limiter.admit('acme', 'PUT')).toMatchObject({ admitted: true, holdMs: 0 });
    for (let i = 0; i < 20; i++) limiter.admit('globex', 'GET');
    expect(limiter.admit('globex', 'GET').holdMs).toBe(100);
  });
});
