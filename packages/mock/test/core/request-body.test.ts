// The depth check answers most bodies by counting opening brackets natively (fewer than the limit cannot nest past
// it) and the rest by the exact scan; both must agree with the depth of the parsed value, strings with brackets in
// them included.
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/core/request-body.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Objects and arrays nested in `value`, read from the parsed value: the reference. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(random: () => number, depth: number): unknown {
  const pick = random();
  if (depth <= 0 || pick < 0.3) return ['{', '[', '"', '\\', 'x{[', 'é}]'][Math.floor(random() * 6)]!.repeat(1 + Math.floor(random() * 4));
  const width = Math.floor(random() * 4);
  const children = Array.from({ length: width }, () => randomValue(random, depth - 1));
  if (pick < 0.65) return children;
  return Object.fromEntries(children.map((child, i) => [`k${i}{`, child]));
}

describe('nestsDeeperThan', () => {
  it('reads a wide body with more brackets than the limit by the exact scan: wide is not deep', () => {
    const wide = JSON.stringify({ items: Array.from({ length: 100 }, () => ({ a: [] })) });
    // {items: [{a: []}, ...]} nests four deep, with 201 openings.
    expect(nestsDeeperThan(bytes(wide), 4)).toBe(false);
    expect(nestsDeeperThan(bytes(wide), 3)).toBe(true);
  });

  it('answers a body with no more openings than the limit at once, and counts openings in strings only as a reason to scan', () => {
    expect(nestsDeeperThan(bytes('{"a":[1,2,{"b":"c"}]}'), 3)).toBe(false);
    expect(nestsDeeperThan(bytes(`{"s":"${'{'.repeat(10)}"}`), 3)).toBe(false);
  });

  it('agrees with the depth of the parsed value on 20,000 random bodies, at limits 0 to 6', () => {
    const random = randomOf(42);
    for (let i = 0; i < 20_000; i++) {
      const value = randomValue(random, 8);
      const limit = i % 7;
      const text = JSON.stringify(value);
      expect(nestsDeeperThan(bytes(text), limit), `${text} at ${limit}`).toBe(depthOf(value) > limit);
    }
  });
});
