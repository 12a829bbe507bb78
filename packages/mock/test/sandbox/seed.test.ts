// The seed is derived from the spec's examples: change an example and the seed follows.
import { describe, expect, it } from 'vitest';
import { deriveSeed, MIN_SKILL_VERSIONS, MIN_TURNS, seedForTenant } from '../../src/sandbox/seed.js';
import { doc, operation } from './helpers.js';

const examplesOf = (d: any, id: string) => {
  const entry = operation(id);
  return d.paths[entry.path][entry.method].responses['200'].content['application/json'].examples;
};

describe('deriveSeed', () => {
  it('holds every record the examples show, by kind and id', () => {
    const seed = deriveSeed(doc);
    const has = (kind: string, id: string) => seed.records.some((r) => r.kind === kind && r.id === id);
    expect(has('team', Object.values<any>(examplesOf(doc, 'getTeam'))[0].value.data.id)).toBe(true);
    expect(has('batch', Object.values<any>(examplesOf(doc, 'getBatch'))[0].value.id)).toBe(true);
    expect(seed.exampleTenant).toBe('acme');
  });

  it('follows a changed example: a new team id is seeded, the old one is gone', () => {
    const changed = structuredClone(doc);
    const example = Object.values<any>(examplesOf(changed, 'getTeam'))[0].value;
    const old = example.data.id;
    example.data.id = 'changedteamid0000000000001';
    const seed = deriveSeed(changed);
    expect(seed.records.some((r) => r.kind === 'team' && r.id === 'changedteamid0000000000001')).toBe(true);
    expect(seed.records.some((r) => r.kind === 'team' && r.id === old)).toBe(false);
  });

  it('builds one turn chain of >= MIN_TURNS covering every state the examples show, also states added later', () => {
    const changed = structuredClone(doc);
    const page = Object.values<any>(examplesOf(changed, 'listAgentSessionTurns'))[0].value;
    const cancelled = structuredClone(page.data[page.data.length - 1]);
    cancelled.id = 'exampleturncancelled000001';
    cancelled.session_id = 'another-session';
    cancelled.state = { status: 'cancelled', reason: 'client-cancelled', completed_at: '2026-11-22T05:00:00.000Z' };
    page.data.push(cancelled);
    const seed = deriveSeed(changed);
    const turns = new Map(seed.records.filter((r) => r.kind === 'turn' && r.parent === seed.sessionId).map((r) => [r.id, r.body as any]));
    const referenced = new Set([...turns.values()].map((t) => t.previous_turn_id));
    const heads = [...turns.values()].filter((t) => !referenced.has(t.id));
    expect(heads).toHaveLength(1);
    const chain: any[] = [];
    for (let t = heads[0]; t; t = turns.get(t.previous_turn_id)) chain.push(t);
    expect(chain.length).toBeGreaterThanOrEqual(MIN_TURNS);
    expect(chain.length).toBe(turns.size);
    expect('previous_turn_id' in chain[chain.length - 1]).toBe(false);
    // Every state the examples show, and the one added above, is on the chain.
    const shown = Object.values<any>(examplesOf(doc, 'listAgentSessionTurns')).flatMap((e) => e.value.data.map((t: any) => t.state.status));
    expect(new Set(chain.map((t) => t.state.status))).toEqual(new Set([...shown, 'cancelled']));
  });

  it('has >= MIN_SKILL_VERSIONS skill versions across >= 2 skills, unique per (skill, version)', () => {
    const seed = deriveSeed(doc);
    const versions = seed.records.filter((r) => r.kind === 'agent-skill-version');
    expect(versions.length).toBeGreaterThanOrEqual(MIN_SKILL_VERSIONS);
    expect(new Set(versions.map((v) => v.parent)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(versions.map((v) => v.key)).size).toBe(versions.length);
    expect(new Set(versions.map((v) => v.id)).size).toBe(versions.length);
  });

  it("rewrites the example tenant's name for another tenant", () => {
    const seed = deriveSeed(doc);
    const server = seedForTenant(seed, 'globex').find((r) => r.kind === 'mcp-server')!;
    expect(server.body.fqn).toMatch(/^globex:mcp-server:/);
    expect(String(server.body.proxyUrl)).toContain('/globex/');
  });
});
