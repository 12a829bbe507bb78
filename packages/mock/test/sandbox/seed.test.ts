// The seed is derived from the spec's examples: change an example and the seed follows.
import { describe, expect, it } from 'vitest';
import { placeRecord } from '../../src/sandbox/record-kinds.js';
import { MIN_SKILL_VERSIONS, MIN_TURNS } from '../../src/sandbox/seed/cloned-records.js';
import { deriveSeed } from '../../src/sandbox/seed/derive-seed.js';
import { seedForTenant } from '../../src/sandbox/seed/tenant-seed.js';
import type { StoredRecord } from '../../src/sandbox/store/record-store.js';
import { jsonContentOf, type NamedExample } from '@vendor/spec-model';
import { loadModel, schemaValidator } from '../helpers/spec.js';
import { doc, model, requestExample } from './helpers.js';

/** The seed of a document: of the bundle, or of a changed copy. */
const seedOf = (d: any) => deriveSeed(loadModel(d));

/** The success examples of an operation of `d`: the document's own objects, so a test can change them in place. */
const examplesOf = (d: any, id: string): Array<NamedExample & { value: any }> => jsonContentOf(loadModel(d).operation(id).successResponse!.content)!.examples;

describe('deriveSeed', () => {
  it('holds every record the examples show, by kind and id', () => {
    const seed = seedOf(doc);
    const has = (kind: string, id: string) => seed.records.some((r) => r.kind === kind && r.id === id);
    expect(has('team', examplesOf(doc, 'getTeam')[0]!.value.data.id)).toBe(true);
    expect(has('batch', examplesOf(doc, 'getBatch')[0]!.value.id)).toBe(true);
    expect(seed.exampleTenant).toBe('acme');
  });

  it('follows a changed example: a new team id is seeded, the old one is gone', () => {
    const changed = structuredClone(doc);
    const example = examplesOf(changed, 'getTeam')[0]!.value;
    const old = example.data.id;
    example.data.id = 'changedteamid0000000000001';
    const seed = seedOf(changed);
    expect(seed.records.some((r) => r.kind === 'team' && r.id === 'changedteamid0000000000001')).toBe(true);
    expect(seed.records.some((r) => r.kind === 'team' && r.id === old)).toBe(false);
  });

  it('builds one turn chain of >= MIN_TURNS covering every state the examples show, also states added later', () => {
    const changed = structuredClone(doc);
    const page = examplesOf(changed, 'listAgentSessionTurns')[0]!.value;
    const cancelled = structuredClone(page.data[page.data.length - 1]);
    cancelled.id = 'exampleturncancelled000001';
    cancelled.session_id = 'another-session';
    cancelled.state = { status: 'cancelled', reason: 'client-cancelled', completed_at: '2026-11-22T05:00:00.000Z' };
    page.data.push(cancelled);
    const seed = seedOf(changed);
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
    const shown = examplesOf(doc, 'listAgentSessionTurns').flatMap((e) => e.value.data.map((t: any) => t.state.status));
    expect(new Set(chain.map((t) => t.state.status))).toEqual(new Set([...shown, 'cancelled']));
  });

  it('seeds the example session in the older wire form every SDK parses (created_by_subject), clones included', () => {
    const seed = seedOf(doc);
    const turns = seed.records.filter((r) => r.kind === 'turn' && r.parent === seed.sessionId).map((r) => r.body as any);
    expect(turns.length).toBeGreaterThanOrEqual(MIN_TURNS);
    for (const turn of turns) {
      expect(turn.created_by_subject, turn.id).toEqual({ subject_id: expect.any(String), subject_type: expect.any(String), subject_slug: expect.any(String) });
      expect('first_turn_id' in turn, turn.id).toBe(false);
    }
  });

  it('seeds the newer wire form (first_turn_id and updated_at, no created_by_subject) on a turn of a second session', () => {
    const seed = seedOf(doc);
    const elsewhere = seed.records.filter((r) => r.kind === 'turn' && r.parent !== seed.sessionId).map((r) => r.body as any);
    const newer = elsewhere.filter((turn) => !('created_by_subject' in turn));
    expect(newer.length).toBeGreaterThan(0);
    for (const turn of newer) {
      expect(turn.first_turn_id, turn.id).toEqual(expect.any(String));
      expect(turn.updated_at, turn.id).toEqual(expect.any(String));
    }
  });

  it('validates every seeded turn, and every documented turn example, against the spec', () => {
    const validate = schemaValidator(model)('#/components/schemas/AgentTurn');
    const seeded = seedOf(doc).records.filter((r) => r.kind === 'turn').map((r) => r.body as any);
    const documented = examplesOf(doc, 'listAgentSessionTurns').flatMap((example) => example.value.data);
    expect(seeded.length).toBeGreaterThanOrEqual(MIN_TURNS + 1);
    for (const turn of [...seeded, ...documented]) expect(validate(turn), `${turn.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it('serves created_by_subject in the default turn examples, and the newer form only in the named example newerGateway', () => {
    const examples = examplesOf(doc, 'listAgentSessionTurns');
    const newer = examples.find((example) => example.name === 'newerGateway');
    expect(newer).toBeDefined();
    for (const example of examples.filter((one) => one !== newer)) {
      for (const turn of example.value.data) expect(turn.created_by_subject, `${example.name} ${turn.id}`).toBeDefined();
    }
    expect(examples[0]!.name).not.toBe('newerGateway');
    for (const turn of newer!.value.data) {
      expect('created_by_subject' in turn, turn.id).toBe(false);
      expect(turn).toMatchObject({ first_turn_id: expect.any(String), updated_at: expect.any(String) });
    }
  });

  it("gives every tool call of the sandbox's turns a tool_info, as the gateway SDK requires", () => {
    const turns = seedOf(doc).records.filter((r) => r.kind === 'turn').map((r) => r.body as any);
    const toolCalls = turns.flatMap((turn) => turn.state?.output?.tool_calls ?? []);
    expect(toolCalls.length).toBeGreaterThan(0);
    for (const call of toolCalls) expect(['vendor-system', 'mcp'], call.id).toContain(call.tool_info?.type);
  });

  it('has >= MIN_SKILL_VERSIONS skill versions across >= 2 skills, unique per (skill, version)', () => {
    const seed = seedOf(doc);
    const versions = seed.records.filter((r) => r.kind === 'agent-skill-version');
    expect(versions.length).toBeGreaterThanOrEqual(MIN_SKILL_VERSIONS);
    expect(new Set(versions.map((v) => v.parent)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(versions.map((v) => v.key)).size).toBe(versions.length);
    expect(new Set(versions.map((v) => v.id)).size).toBe(versions.length);
  });

  it("rewrites the example tenant's name for another tenant", () => {
    const seed = seedOf(doc);
    const server = seedForTenant(seed, 'globex').find((r) => r.kind === 'mcp-server')!;
    expect(server.body.fqn).toMatch(/^globex:mcp-server:/);
    expect(String(server.body.proxyUrl)).toContain('/globex/');
  });

  it('holds no record that a create request example makes, so the create sample works on a new tenant', () => {
    const requested = requestExample('createSecretGroup').name;
    const groupNames = (d: any) => seedOf(d).records.filter((r) => r.kind === 'secret-group').map((r) => r.key);
    // The create's response example shows the group its request makes: that group is left out.
    expect(examplesOf(doc, 'createSecretGroup')[0]!.value.data.manifest.name).toBe(requested);
    expect(groupNames(doc)).not.toContain(requested);
    // Control: once the request example names another group, the group its response shows is seeded.
    const changed = structuredClone(doc);
    const requestExamples = jsonContentOf(loadModel(changed).operation('createSecretGroup').requestBody!.content)!.examples;
    for (const example of requestExamples) (example.value as any).name = 'another-group';
    expect(groupNames(changed)).toContain(requested);
  });
});

describe('seedForTenant: each tenant starting data is its own', () => {
  const seed = seedOf(doc);
  const example = seed.exampleTenant;
  const kinds = [...new Set(seed.records.map((r) => r.kind))];
  const ofKind = (records: StoredRecord[], kind: string) => JSON.stringify(records.filter((r) => r.kind === kind));

  it.each(['globex', 'initech-2'])('%s: no record of any kind names the example tenant; those that did name this one', (tenant) => {
    const own = seedForTenant(seed, tenant);
    const namedExample = kinds.filter((kind) => ofKind(seed.records, kind).includes(example));
    // Control: the example tenant's name is in most kinds, so the check below has something to find.
    expect(namedExample.length).toBeGreaterThan(kinds.length / 2);
    for (const kind of kinds) expect(ofKind(own, kind), kind).not.toContain(example);
    for (const kind of namedExample) expect(ofKind(own, kind), kind).toContain(tenant);
  });

  it('names the team, its account and its people after the tenant', () => {
    const team = seedForTenant(seed, 'globex').find((r) => r.kind === 'team')!.body as any;
    expect(team.tenantName).toBe('globex');
    expect(team.accountId).toContain('globex');
    expect(team.createdBySubject.subjectSlug).toMatch(/@globex\.example$/);
    expect(team.members.every((m: string) => m.endsWith('@globex.example'))).toBe(true);
  });

  it('keeps every record under its documented id, and the keys follow the renamed bodies', () => {
    const own = seedForTenant(seed, 'globex');
    const ids = (records: StoredRecord[]) => records.map((r) => `${r.kind}/${r.id}/${r.parent}/${r.owner}`).sort();
    expect(ids(own)).toEqual(ids(seed.records));
    for (const record of own) expect(record).toEqual(placeRecord(record.kind, record.id, record.body));
  });

  it('the example tenant keeps the examples as they are', () => {
    expect(seedForTenant(seed, example)).toBe(seed.records);
  });
});
