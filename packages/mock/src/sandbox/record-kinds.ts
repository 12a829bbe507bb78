// The kinds of record the sandbox stores: which operations answer with which kind, where the record sits in
// their response, and the keys each kind is unique by, listed under and owned by. The seed walks the examples
// of these responses; the handlers read and write the same kinds. This is about the API's shape (which
// operation returns what), not about any example's data.
import type { Body, StoredRecord } from './store/record-store.js';

export type RecordPlace = 'data' | 'data[]' | 'body';

export interface ResourceSource {
  operationId: string;
  kind: string;
  /** `data`: the envelope's data; `data[]`: each item of data; `body`: the whole (unwrapped) response */
  at: RecordPlace;
  /** the record's id when its body has none: the example of this path parameter */
  idParameter?: string;
  /** records nested in this one, by property: they are stored as records of their own kind */
  nested?: Record<string, string>;
}

export const RESOURCE_SOURCES: readonly ResourceSource[] = [
  { operationId: 'getMcpServer', kind: 'mcp-server', at: 'data' },
  { operationId: 'createOrUpdateMcpServer', kind: 'mcp-server', at: 'data' },
  { operationId: 'createOrUpdateModelVersion', kind: 'model-version', at: 'data' },
  { operationId: 'getArtifactVersion', kind: 'artifact-version', at: 'data' },
  { operationId: 'createSecretGroup', kind: 'secret-group', at: 'data' },
  { operationId: 'listAgentSessionTurns', kind: 'turn', at: 'data[]' },
  { operationId: 'listAgentSkillVersions', kind: 'agent-skill-version', at: 'data[]' },
  { operationId: 'getAgentSkill', kind: 'agent-skill', at: 'data', nested: { latest_version: 'agent-skill-version' } },
  { operationId: 'getVirtualAccount', kind: 'virtual-account', at: 'data' },
  { operationId: 'getTeam', kind: 'team', at: 'data' },
  { operationId: 'getBatch', kind: 'batch', at: 'body' },
  { operationId: 'getFile', kind: 'file', at: 'body' },
  { operationId: 'listResponseInputItems', kind: 'input-items', at: 'body', idParameter: 'id' },
];

/** An operation that creates a record unique by a name the request gives; a second create of the name answers 422. */
export interface CreateByKey {
  operationId: string;
  kind: string;
  /** the request body property that holds the record's key */
  keyProperty: string;
}

/** The seed leaves out what these operations' request examples would create (seed/derive-seed.ts). Upserts are not here: they never collide. */
export const CREATES_BY_KEY: readonly CreateByKey[] = [{ operationId: 'createSecretGroup', kind: 'secret-group', keyProperty: 'name' }];

/** Fields an MCP server upsert keeps from the first write. */
export const MCP_CREATED_FIELDS = ['createdAt', 'createdBySubject'] as const;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const manifestOf = (body: Body): Record<string, any> => (body.manifest && typeof body.manifest === 'object' ? (body.manifest as any) : {});

/** Keys of a record: what it is unique by, listed under and owned by (ARCHITECTURE: one row per record). */
export function placeRecord(kind: string, id: string, body: Body): StoredRecord {
  const manifest = manifestOf(body);
  const repo = str(body.ml_repo_id);
  const record: StoredRecord = { kind, id, key: null, parent: null, owner: null, created: null, body };
  switch (kind) {
    case 'mcp-server':
      record.key = str(manifest.name);
      record.created = pick(body, MCP_CREATED_FIELDS);
      break;
    case 'turn':
      record.parent = str(body.session_id);
      break;
    case 'agent-skill-version':
      record.parent = str(body.agent_skill_id);
      record.owner = repo;
      record.key = record.parent && typeof manifest.version === 'number' ? `${record.parent}:${manifest.version}` : null;
      break;
    case 'model-version':
      record.parent = repo && str(manifest.name) ? `${repo}/${manifest.name}` : null;
      record.key = record.parent && typeof manifest.version === 'number' ? `${record.parent}:${manifest.version}` : null;
      record.owner = repo;
      break;
    case 'agent-skill':
    case 'artifact-version':
      record.owner = repo;
      break;
    case 'secret-group':
      record.key = str(manifest.name) ?? str(body.name);
      break;
    case 'ml-repo':
      record.key = str(body.name);
      break;
  }
  return record;
}

export function pick(body: Body, keys: readonly string[]): Body {
  const out: Body = {};
  for (const key of keys) if (key in body) out[key] = body[key]!;
  return out;
}

/** The version in a versioned record's manifest (model and agent skill versions); 0 when it has none. */
export function versionOf(body: Body): number {
  const version = (body.manifest as any)?.version;
  return typeof version === 'number' ? version : 0;
}

/** A job run's id: its deployment and run name, the two things terminateJob names it by. */
export function jobRunId(deploymentId: string, jobRunName: string): string {
  return `${deploymentId}/${jobRunName}`;
}
