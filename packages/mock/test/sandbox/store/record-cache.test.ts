// The record cache of a fleet instance (src/sandbox/store/record-cache.ts) over an in-memory overlay, with a
// coherence the test drives: what it keeps, for how long, what drops it, and that a write is answered only once the
// other instances were told. The coherence over Postgres is tested in ../fleet/record-coherence.test.ts.
import { describe, expect, it } from 'vitest';
import { createMemoryOverlay } from '../../../src/sandbox/store/memory-overlay.js';
import type { OverlayStore } from '../../../src/sandbox/store/overlay-store.js';
import { RECORD_LIFETIME_MS, withRecordCache, type RecordCoherence, type RecordCoherenceLink } from '../../../src/sandbox/store/record-cache.js';
import type { StoredRecord } from '../../../src/sandbox/store/record-store.js';
import { describeCopyOnWrite } from '../copy-on-write.js';

const record = (id: string, description: string): StoredRecord => ({ kind: 'mcp-server', id, key: id, parent: null, owner: null, created: null, body: { id, description } });

/** A coherence the test controls: its period, and when a change counts as told to the others. */
function fakeCoherence() {
  const told: string[] = [];
  let drop: ((tenant: string) => void) | undefined;
  let release: (() => void) | undefined;
  const state = {
    period: 1 as number | undefined,
    holdChanges: false,
    told,
    /** Another instance changed a tenant's records. */
    heard: (tenant: string) => drop!(tenant),
    releaseChanges: () => release?.(),
  };
  const coherence: RecordCoherence = {
    period: () => state.period,
    changed(tenant) {
      told.push(tenant);
      if (!state.holdChanges) return Promise.resolve();
      return new Promise<void>((resolve) => (release = resolve));
    },
    onChanged(onDrop) {
      drop = onDrop;
    },
  };
  return { state, coherence };
}

/** The memory overlay with its `find` counted, under a cache on a clock the test moves. */
function cachedOverlay() {
  const inner = createMemoryOverlay();
  let finds = 0;
  const counted: OverlayStore = { ...inner, find: (...args) => ((finds += 1), inner.find(...args)) };
  const { state, coherence } = fakeCoherence();
  const link: RecordCoherenceLink = { coherence };
  let clock = 0;
  const cached = withRecordCache(counted, link, () => clock);
  return {
    inner,
    cached,
    state,
    link,
    finds: () => finds,
    advance: (ms: number) => (clock += ms),
  };
}

describe('the record cache', () => {
  it('reads a record by id from the store once while the entry lives, and again after', async () => {
    const t = cachedOverlay();
    await t.inner.insert('acme', record('r1', 'first'));
    const read = async () => (await t.cached.find('acme', 'mcp-server', ['r1']))[0]?.record?.body.description;
    expect(await read()).toBe('first');
    expect(await read()).toBe('first');
    t.advance(RECORD_LIFETIME_MS - 1);
    expect(await read()).toBe('first');
    expect(t.finds(), 'reads that reached the store within the lifetime').toBe(1);
    t.advance(1);
    await read();
    expect(t.finds(), 'reads once the entry is as old as its lifetime').toBe(2);
  });

  it('keeps that a record is absent too, per tenant', async () => {
    const t = cachedOverlay();
    await t.inner.insert('acme', record('r1', 'first'));
    expect(await t.cached.find('other', 'mcp-server', ['r1'])).toEqual([]);
    expect(await t.cached.find('other', 'mcp-server', ['r1'])).toEqual([]);
    expect(await t.cached.find('acme', 'mcp-server', ['r1'])).toHaveLength(1);
    expect(t.finds()).toBe(2);
  });

  it('answers a write only once the other instances were told, and reads the tenant afresh after it', async () => {
    const t = cachedOverlay();
    await t.cached.insert('acme', record('r1', 'first'));
    await t.cached.find('acme', 'mcp-server', ['r1']);
    t.state.holdChanges = true;
    let answered = false;
    const write = t.cached.replace('acme', record('r1', 'second')).then(() => (answered = true));
    await expect.poll(() => t.state.told).toEqual(['acme', 'acme']);
    expect(answered, 'the write answered before the others were told').toBe(false);
    t.state.releaseChanges();
    await write;
    expect((await t.cached.find('acme', 'mcp-server', ['r1']))[0]?.record?.body.description).toBe('second');
    expect(t.finds()).toBe(2);
  });

  it('tells the others of every kind of write, and of a reset', async () => {
    const t = cachedOverlay();
    await t.cached.insert('a', record('r1', 'x'));
    await t.cached.upsertByKey('b', record('r2', 'x'), undefined);
    await t.cached.replace('c', record('r1', 'y'));
    await t.cached.remove('d', [{ kind: 'mcp-server', id: 'r1' }], 'r1');
    await t.cached.dropTenant('e');
    expect(t.state.told).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('drops a tenant when another instance changed it, and everything on "*"', async () => {
    const t = cachedOverlay();
    await t.inner.insert('acme', record('r1', 'first'));
    await t.inner.insert('beta', record('r1', 'first'));
    await t.cached.find('acme', 'mcp-server', ['r1']);
    await t.cached.find('beta', 'mcp-server', ['r1']);
    await t.inner.replace('acme', record('r1', 'second'));
    t.state.heard('acme');
    expect((await t.cached.find('acme', 'mcp-server', ['r1']))[0]?.record?.body.description).toBe('second');
    await t.cached.find('beta', 'mcp-server', ['r1']);
    expect(t.finds(), 'beta was still held').toBe(3);
    t.state.heard('*');
    await t.cached.find('beta', 'mcp-server', ['r1']);
    expect(t.finds()).toBe(4);
  });

  it('does not keep the answer of a lookup that was in flight when a change was heard', async () => {
    const inner = createMemoryOverlay();
    await inner.insert('acme', record('r1', 'old'));
    let letThrough: (() => void) | undefined;
    const slowFind: OverlayStore = {
      ...inner,
      async find(...args) {
        const answer = await inner.find(...args);
        await new Promise<void>((resolve) => (letThrough = resolve));
        return answer;
      },
    };
    const { state, coherence } = fakeCoherence();
    const cached = withRecordCache(slowFind, { coherence }, () => 0);
    const inFlight = cached.find('acme', 'mcp-server', ['r1']);
    await expect.poll(() => letThrough).toBeDefined();
    // The store's row changes and its notice arrives while the lookup's (old) answer is on its way.
    await inner.replace('acme', record('r1', 'new'));
    state.heard('acme');
    letThrough!();
    expect((await inFlight)[0]?.record?.body.description, 'the lookup itself may answer what it read').toBe('old');
    letThrough = undefined;
    const next = cached.find('acme', 'mcp-server', ['r1']);
    // The next lookup goes to the store: it waits there until let through.
    await expect.poll(() => letThrough).toBeDefined();
    letThrough!();
    expect((await next)[0]?.record?.body.description).toBe('new');
  });

  it('caches nothing while the coherence cannot be sure, nor without one, and starts afresh in a new period', async () => {
    const t = cachedOverlay();
    await t.inner.insert('acme', record('r1', 'first'));
    const read = () => t.cached.find('acme', 'mcp-server', ['r1']);
    t.state.period = undefined;
    await read();
    await read();
    expect(t.finds(), 'reads while not current').toBe(2);
    t.state.period = 1;
    await read();
    await read();
    expect(t.finds()).toBe(3);
    t.state.period = 2;
    await read();
    expect(t.finds(), 'an entry of an earlier period').toBe(4);
    t.link.coherence = undefined;
    await read();
    await read();
    expect(t.finds(), 'reads without a coherence').toBe(6);
  });

  it('keeps at most 10,000 entries: past them the oldest tenant goes first', async () => {
    const t = cachedOverlay();
    const read = (tenant: string, i: number) => t.cached.find(tenant, 'mcp-server', [`r${i}`]);
    for (let i = 0; i < 5_000; i++) await read('first', i);
    for (let i = 0; i < 5_000; i++) await read('second', i);
    expect(t.finds()).toBe(10_000);
    await read('second', 5_000);
    await read('second', 0);
    expect(t.finds(), 'the second tenant is still held').toBe(10_001);
    await read('first', 0);
    expect(t.finds(), 'the first tenant was dropped to make room').toBe(10_002);
  });

  it('freezes the records it keeps, as the in-memory stores do', async () => {
    const t = cachedOverlay();
    const inner = createMemoryOverlay();
    await inner.insert('acme', record('r1', 'first'));
    // A store whose records are not frozen, as rows from Postgres are not.
    const unfrozen: OverlayStore = { ...inner, find: async (...args) => (await inner.find(...args)).map((entry) => structuredClone(entry)) };
    const cached = withRecordCache(unfrozen, t.link, () => 0);
    const [entry] = await cached.find('acme', 'mcp-server', ['r1']);
    expect(Object.isFrozen(entry!.record!.body)).toBe(true);
  });

  it('leaves lookups by key and by several ids to the store', async () => {
    const t = cachedOverlay();
    await t.inner.insert('acme', record('r1', 'first'));
    await t.cached.find('acme', 'mcp-server', ['r1'], 'r1');
    await t.cached.find('acme', 'mcp-server', ['r1'], 'r1');
    await t.cached.find('acme', 'mcp-server', ['r1', 'r2']);
    await t.cached.find('acme', 'mcp-server', ['r1', 'r2']);
    expect(t.finds()).toBe(4);
  });

  it('tells the others after forgetting idle tenants only when it forgot one', async () => {
    const t = cachedOverlay();
    await t.cached.touch(['acme']);
    expect(await t.cached.forgetIdle(60_000)).toBe(0);
    expect(t.state.told).toEqual([]);
    await expect.poll(() => t.cached.forgetIdle(0), { timeout: 30_000 }).toBe(1);
    expect(t.state.told).toEqual(['*']);
  });
});

// The cache changes nothing a tenant sees on one instance: the copy-on-write behaviour, through it.
describeCopyOnWrite('memory under the record cache', async () => withRecordCache(createMemoryOverlay(), { coherence: fakeCoherence().coherence }));
