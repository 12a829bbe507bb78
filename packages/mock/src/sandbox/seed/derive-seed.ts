// The seed every tenant starts with, derived from the spec's response examples:
// - every record an example shows, by kind and id (the same id in two examples is one record);
// - a turn chain and agent skill versions cloned from them (cloned-records.ts);
// - but no record that a documented create request would make: that sample must work as written.
// Nothing here restates the examples' data: change the examples and the seed follows.
import { findOperation, parameterExample, requestExamples, successExamples } from '../../spec/documented-examples.js';
import type { SpecModel } from '@vendor/spec-model';
import { CREATES_BY_KEY, jobRunId, placeRecord, RESOURCE_SOURCES, type ResourceSource } from '../record-kinds.js';
import type { Body, StoredRecord } from '../store/record-store.js';
import { extendSkillVersions, extendTurnChain, type RecordsByKind } from './cloned-records.js';

export interface Seed {
  /** the tenant the examples are written for (their `tenantName`), e.g. acme */
  exampleTenant: string;
  /** the seed of the example tenant; other tenants get it rewritten by `seedForTenant` */
  records: StoredRecord[];
  /** the example session with the long turn chain */
  sessionId: string | undefined;
}

export function deriveSeed(model: SpecModel): Seed {
  const collected: RecordsByKind = new Map();
  for (const source of RESOURCE_SOURCES) collectFrom(model, source, collected);
  collectMlRepos(model, collected);
  collectJobRuns(model, collected);
  const sessionId = extendTurnChain(collected);
  extendSkillVersions(collected);
  const madeByCreateSamples = keysCreatedByRequestExamples(model);
  const records: StoredRecord[] = [];
  for (const [kind, byId] of collected) {
    for (const [id, body] of byId) {
      const record = placeRecord(kind, id, body);
      if (record.key !== null && madeByCreateSamples.has(kindKey(kind, record.key))) continue;
      records.push(record);
    }
  }
  return { exampleTenant: exampleTenantOf(model, collected), records, sessionId };
}

const kindKey = (kind: string, key: string) => `${kind}\u0000${key}`;

/**
 * The kind and key of every record a documented create request example would make. A brand-new tenant
 * has not made them yet, so the create samples answer 2xx instead of "already exists"; the examples that
 * only show such a record (the create's own response) are what the sample's first run answers.
 */
function keysCreatedByRequestExamples(model: SpecModel): Set<string> {
  const keys = new Set<string>();
  for (const create of CREATES_BY_KEY) {
    const operation = findOperation(model, create.operationId);
    if (!operation) continue;
    for (const example of requestExamples(operation)) {
      const key = (example as Body | undefined)?.[create.keyProperty];
      if (typeof key === 'string') keys.add(kindKey(create.kind, key));
    }
  }
  return keys;
}

function add(collected: RecordsByKind, kind: string, id: string, body: Body): void {
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

function collectFrom(model: SpecModel, source: ResourceSource, collected: RecordsByKind): void {
  const operation = findOperation(model, source.operationId);
  if (!operation) return; // an operation the spec no longer has: nothing to seed for it
  for (const example of successExamples(operation)) {
    const bodies = recordsAt(example, source.at);
    for (const body of bodies) {
      const id = typeof body.id === 'string' ? body.id : source.idParameter ? String(parameterExample(operation, source.idParameter) ?? '') : '';
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
function collectMlRepos(model: SpecModel, collected: RecordsByKind): void {
  const names = new Map<string, string | null>();
  for (const byId of collected.values()) {
    for (const body of byId.values()) {
      if (typeof body.ml_repo_id !== 'string') continue;
      const name = (body.manifest as any)?.ml_repo;
      if (!names.get(body.ml_repo_id)) names.set(body.ml_repo_id, typeof name === 'string' ? name : null);
    }
  }
  const deleteMlRepo = findOperation(model, 'deleteMlRepo');
  const exampleId = deleteMlRepo ? parameterExample(deleteMlRepo, 'id') : undefined;
  if (typeof exampleId === 'string' && !names.has(exampleId)) names.set(exampleId, null);
  for (const [id, name] of names) add(collected, 'ml-repo', id, name === null ? { id } : { id, name });
}

/** Job runs: the deployment and run that terminateJob's parameter examples name. */
function collectJobRuns(model: SpecModel, collected: RecordsByKind): void {
  const terminateJob = findOperation(model, 'terminateJob');
  if (!terminateJob) return;
  const deploymentId = parameterExample(terminateJob, 'deploymentId');
  const jobRunName = parameterExample(terminateJob, 'jobRunName');
  if (typeof deploymentId !== 'string' || typeof jobRunName !== 'string') return;
  add(collected, 'job-run', jobRunId(deploymentId, jobRunName), { deploymentId, jobRunName, status: 'RUNNING' });
}

function exampleTenantOf(model: SpecModel, collected: RecordsByKind): string {
  for (const byId of collected.values()) for (const body of byId.values()) if (typeof body.tenantName === 'string') return body.tenantName;
  const turns = findOperation(model, 'listAgentSessionTurns');
  const fromPath = turns ? parameterExample(turns, 'tenantName') : undefined;
  return typeof fromPath === 'string' ? fromPath : 'acme';
}
