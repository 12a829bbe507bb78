// The seed every tenant starts with, derived from the spec's response examples:
// - every record an example shows, by kind and id (the same id in two examples is one record);
// - a turn chain of at least MIN_TURNS turns covering each state the examples show, cloned from them;
// - at least MIN_SKILL_VERSIONS agent skill versions across at least two skills, cloned from them;
// - but no record that a documented create request would make: that sample must work as written.
// Nothing here restates the examples' data: change the examples and the seed follows.
import type { Json, OpenApiDocument } from '../types.js';
import { derivedId } from './ids.js';
import { CREATES_BY_KEY, placeRecord, RESOURCE_SOURCES, type ResourceSource } from './resources.js';
import { findOperation, parameterExample, requestExamples, successExamples } from './spec-examples.js';
import type { Body, StoredRecord } from './store.js';

export const MIN_TURNS = 5;
export const MIN_SKILL_VERSIONS = 30;
export const MIN_SKILLS = 2;

export interface Seed {
  /** the tenant the examples are written for (their `tenantName`), e.g. acme */
  exampleTenant: string;
  /** the seed of the example tenant; other tenants get it rewritten by `seedForTenant` */
  records: StoredRecord[];
  /** the example session with the long turn chain */
  sessionId: string | undefined;
}

type Collected = Map<string, Map<string, Body>>; // kind -> id -> body

export function deriveSeed(doc: OpenApiDocument): Seed {
  const collected: Collected = new Map();
  for (const source of RESOURCE_SOURCES) collectFrom(doc, source, collected);
  collectMlRepos(doc, collected);
  collectJobRuns(doc, collected);
  const sessionId = extendTurnChain(collected);
  extendSkillVersions(collected);
  const madeByCreateSamples = keysCreatedByRequestExamples(doc);
  const records: StoredRecord[] = [];
  for (const [kind, byId] of collected) {
    for (const [id, body] of byId) {
      const record = placeRecord(kind, id, body);
      if (record.key !== null && madeByCreateSamples.has(kindKey(kind, record.key))) continue;
      records.push(record);
    }
  }
  return { exampleTenant: exampleTenantOf(doc, collected), records, sessionId };
}

const kindKey = (kind: string, key: string) => `${kind}\u0000${key}`;

/**
 * The kind and key of every record a documented create request example would make. A brand-new tenant
 * has not made them yet, so the create samples answer 2xx instead of "already exists"; the examples that
 * only show such a record (the create's own response) are what the sample's first run answers.
 */
function keysCreatedByRequestExamples(doc: OpenApiDocument): Set<string> {
  const keys = new Set<string>();
  for (const create of CREATES_BY_KEY) {
    const ref = findOperation(doc, create.operationId);
    if (!ref) continue;
    for (const example of requestExamples(doc, ref)) {
      const key = (example as Body | undefined)?.[create.keyProperty];
      if (typeof key === 'string') keys.add(kindKey(create.kind, key));
    }
  }
  return keys;
}

/**
 * The seed for one tenant: the example tenant's name becomes `tenant` in every string of every record
 * (tenantName, fqns, proxy URLs, account ids, e-mail addresses and subjects, hosts, ...). The name counts
 * wherever no letter touches it: `acme` in `acme.example`, `acme:mcp-server:x`, `/acme/`, `cm0acct000acme0001`,
 * but not in `acmes`. Strings that address records (ids, parents, owners) stay: the documented ids must
 * name the same records in every tenant.
 */
export function seedForTenant(seed: Seed, tenant: string): StoredRecord[] {
  if (tenant === seed.exampleTenant) return seed.records;
  const exampleName = tenantNamePattern(seed.exampleTenant);
  const addresses = new Set<string>();
  for (const record of seed.records) {
    addresses.add(record.id);
    if (record.parent !== null) addresses.add(record.parent);
    if (record.owner !== null) addresses.add(record.owner);
  }
  const rename = (node: Json): Json => {
    if (typeof node === 'string') return addresses.has(node) ? node : node.replace(exampleName, tenant);
    if (Array.isArray(node)) return node.map(rename);
    if (node !== null && typeof node === 'object') {
      const out: Body = {};
      for (const [key, value] of Object.entries(node)) out[key] = rename(value);
      return out;
    }
    return node;
  };
  // Placed again from the renamed body, so keys (e.g. a name) and `created` follow the body.
  return seed.records.map((record) => placeRecord(record.kind, record.id, rename(record.body) as Body));
}

/** Where a text names `tenant`: wherever no letter touches the name (see seedForTenant). */
function tenantNamePattern(tenant: string): RegExp {
  const escaped = tenant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'g');
}

/** `text` with the example tenant's name replaced by `tenant`, as in the tenant's starting data. */
export function renameTenant(text: string, exampleTenant: string, tenant: string): string {
  if (tenant === exampleTenant) return text;
  return text.replace(tenantNamePattern(exampleTenant), tenant);
}

function add(collected: Collected, kind: string, id: string, body: Body): void {
  const byId = collected.get(kind) ?? new Map<string, Body>();
  collected.set(kind, byId);
  const existing = byId.get(id);
  byId.set(id, existing ? mergeRecords(existing, body) : structuredClone(body));
}

/** One record from two examples: the union of their fields; for lists the longer, for values the first. */
export function mergeRecords(a: any, b: any): any {
  const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    const out: Record<string, any> = { ...a };
    for (const [key, value] of Object.entries(b)) out[key] = key in a ? mergeRecords(a[key], value) : structuredClone(value);
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) return structuredClone(b.length > a.length ? b : a);
  return a === null || a === undefined ? structuredClone(b) : a;
}

function collectFrom(doc: OpenApiDocument, source: ResourceSource, collected: Collected): void {
  const ref = findOperation(doc, source.operationId);
  if (!ref) return; // an operation the spec no longer has: nothing to seed for it
  for (const example of successExamples(doc, ref)) {
    const bodies = recordsAt(example, source.at);
    for (const body of bodies) {
      const id = typeof body.id === 'string' ? body.id : source.idParameter ? String(parameterExample(doc, ref, source.idParameter) ?? '') : '';
      if (id === '') continue;
      const own: Body = { ...body };
      for (const [property, kind] of Object.entries(source.nested ?? {})) {
        const nested = own[property];
        if (nested && typeof nested === 'object' && !Array.isArray(nested) && typeof (nested as Body).id === 'string') {
          add(collected, kind, (nested as Body).id as string, nested as Body);
          delete own[property];
        }
      }
      add(collected, source.kind, id, own);
    }
  }
}

function recordsAt(example: unknown, at: ResourceSource['at']): Body[] {
  const isBody = (v: unknown): v is Body => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isBody(example)) return [];
  if (at === 'body') return [example];
  const data = example.data;
  if (at === 'data') return isBody(data) ? [data] : [];
  return Array.isArray(data) ? data.filter(isBody) : [];
}

/** ML repos: every `ml_repo_id` a record carries (named by its manifest's `ml_repo`), and deleteMlRepo's example id. */
function collectMlRepos(doc: OpenApiDocument, collected: Collected): void {
  const names = new Map<string, string | null>();
  for (const byId of collected.values()) {
    for (const body of byId.values()) {
      if (typeof body.ml_repo_id !== 'string') continue;
      const name = (body.manifest as any)?.ml_repo;
      if (!names.get(body.ml_repo_id)) names.set(body.ml_repo_id, typeof name === 'string' ? name : null);
    }
  }
  const ref = findOperation(doc, 'deleteMlRepo');
  const exampleId = ref ? parameterExample(doc, ref, 'id') : undefined;
  if (typeof exampleId === 'string' && !names.has(exampleId)) names.set(exampleId, null);
  for (const [id, name] of names) add(collected, 'ml-repo', id, name === null ? { id } : { id, name });
}

/** Job runs: the deployment and run that terminateJob's parameter examples name. */
function collectJobRuns(doc: OpenApiDocument, collected: Collected): void {
  const ref = findOperation(doc, 'terminateJob');
  if (!ref) return;
  const deploymentId = parameterExample(doc, ref, 'deploymentId');
  const jobRunName = parameterExample(doc, ref, 'jobRunName');
  if (typeof deploymentId !== 'string' || typeof jobRunName !== 'string') return;
  add(collected, 'job-run', jobRunId(deploymentId, jobRunName), { deploymentId, jobRunName, status: 'RUNNING' });
}

export function jobRunId(deploymentId: string, jobRunName: string): string {
  return `${deploymentId}/${jobRunName}`;
}

function exampleTenantOf(doc: OpenApiDocument, collected: Collected): string {
  for (const byId of collected.values()) for (const body of byId.values()) if (typeof body.tenantName === 'string') return body.tenantName;
  const turns = findOperation(doc, 'listAgentSessionTurns');
  const fromPath = turns ? parameterExample(doc, turns, 'tenantName') : undefined;
  return typeof fromPath === 'string' ? fromPath : 'acme';
}

const statusOf = (turn: Body) => String((turn.state as any)?.status ?? '');
const shiftIso = (iso: unknown, seconds: number) => new Date(Date.parse(String(iso)) + seconds * 1000).toISOString();

/**
 * The first example turn's session gets one chain of at least MIN_TURNS turns, newest first along
 * previous_turn_id: the example turns where they link up, clones (of a turn in a state not yet covered)
 * where a previous_turn_id names a turn no example shows, and more clones until every state is covered.
 * The oldest turn has no previous_turn_id.
 */
function extendTurnChain(collected: Collected): string | undefined {
  const turns = collected.get('turn');
  if (!turns || turns.size === 0) return undefined;
  const all = [...turns.values()];
  const sessionId = String(all[0]!.session_id);
  const templates = new Map<string, Body>();
  for (const turn of all) if (!templates.has(statusOf(turn))) templates.set(statusOf(turn), turn);
  const wanted = new Set(templates.keys());

  const inSession = all.filter((t) => t.session_id === sessionId);
  const referenced = new Set(inSession.map((t) => t.previous_turn_id));
  const head = inSession.filter((t) => !referenced.has(t.id)).sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0] ?? inSession[0]!;

  const chain = new Set<string>();
  let current = head;
  let clones = 0;
  for (let step = 0; step < 1000; step++) {
    chain.add(String(current.id));
    wanted.delete(statusOf(current));
    let previousId = typeof current.previous_turn_id === 'string' ? current.previous_turn_id : undefined;
    if (previousId === undefined) {
      const enough = chain.size >= MIN_TURNS && wanted.size === 0;
      if (enough) break;
      previousId = derivedId(String(head.id), ++clones);
      current.previous_turn_id = previousId;
    }
    let previous = turns.get(previousId);
    if (previous && chain.has(previousId)) throw new Error(`the turn examples form a cycle at ${previousId}`);
    if (!previous || previous.session_id !== sessionId) {
      previous = cloneTurn(templateFor(templates, wanted), previousId, sessionId, current);
      turns.set(previousId, previous);
    }
    current = previous;
  }
  fillChainFields(turns, head);
  return sessionId;
}

/**
 * Every turn of the chain names the session's first turn and when it last changed, as newer gateways
 * send them: `first_turn_id` is the oldest turn, `updated_at` the turn's completion (or its start).
 */
function fillChainFields(turns: Map<string, Body>, head: Body): void {
  const chain: Body[] = [];
  for (let turn: Body | undefined = head; turn !== undefined; turn = turns.get(String(turn.previous_turn_id))) chain.push(turn);
  const firstTurnId = String(chain.at(-1)!.id);
  for (const turn of chain) {
    turn.first_turn_id = firstTurnId;
    const completedAt = (turn.state as Record<string, unknown> | undefined)?.completed_at;
    turn.updated_at = typeof completedAt === 'string' ? completedAt : String(turn.created_at);
  }
}

/** A state still missing from the chain; `running` only for the newest turn, so older clones are finished turns. */
function templateFor(templates: Map<string, Body>, wanted: Set<string>): Body {
  const missing = [...wanted].find((status) => status !== 'running') ?? [...wanted][0];
  if (missing !== undefined) return templates.get(missing)!;
  return templates.get('done') ?? [...templates.values()].find((t) => statusOf(t) !== 'running') ?? [...templates.values()][0]!;
}

function cloneTurn(template: Body, id: string, sessionId: string, newer: Body): Body {
  const turn = structuredClone(template);
  turn.id = id;
  turn.session_id = sessionId;
  delete turn.previous_turn_id;
  turn.created_at = shiftIso(newer.created_at, -120);
  const state = turn.state as Record<string, any> | undefined;
  if (state && typeof state.completed_at === 'string') state.completed_at = shiftIso(turn.created_at, 30);
  return turn;
}

/** At least MIN_SKILLS skills (clones of the first, with a new id and name) and MIN_SKILL_VERSIONS versions across them. */
function extendSkillVersions(collected: Collected): void {
  const skills = collected.get('agent-skill');
  const versions = collected.get('agent-skill-version');
  if (!skills || skills.size === 0 || !versions || versions.size === 0) return;
  const first = [...skills.values()][0]!;
  for (let n = 1; skills.size < MIN_SKILLS; n++) {
    const clone = structuredClone(first);
    clone.id = derivedId(String(first.id), n);
    clone.name = `${first.name}-${n + 1}`;
    if (typeof first.fqn === 'string') clone.fqn = first.fqn.replace(new RegExp(`${String(first.name)}$`), String(clone.name));
    skills.set(String(clone.id), clone);
  }
  const perSkill = Math.ceil(MIN_SKILL_VERSIONS / skills.size);
  const anyVersion = [...versions.values()][0]!;
  let clones = 0;
  for (const skill of skills.values()) {
    const own = [...versions.values()].filter((v) => v.agent_skill_id === skill.id);
    const template = own.sort((a, b) => versionOf(b) - versionOf(a))[0] ?? anyVersion;
    const taken = new Set(own.map(versionOf));
    const count = Math.max(perSkill, ...taken);
    for (let version = 1; version <= count; version++) {
      if (taken.has(version)) continue;
      const clone = structuredClone(template);
      clone.id = derivedId(String(template.id), ++clones);
      clone.agent_skill_id = skill.id!;
      if (typeof skill.ml_repo_id === 'string') clone.ml_repo_id = skill.ml_repo_id;
      clone.fqn = `${skill.fqn}:${version}`;
      const manifest = (clone.manifest ?? {}) as Record<string, any>;
      manifest.version = version;
      manifest.name = skill.name;
      clone.manifest = manifest;
      // Older versions are older: one day apart, counting back from the template's time.
      clone.created_at = shiftIso(template.created_at, (version - versionOf(template)) * 86_400);
      clone.updated_at = clone.created_at;
      versions.set(String(clone.id), clone);
    }
  }
}

function versionOf(body: Body): number {
  const version = (body.manifest as any)?.version;
  return typeof version === 'number' ? version : 0;
}
