// The client generator (scripts/generators/30-client.mjs): a new operation in the spec becomes a method with
// no hand edit, the retry policy and address space come from the spec, and convention violations fail loudly.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const generator = (await import(pathToFileURL(path.join(repoRoot, 'scripts/generators/30-client.mjs')).href)) as {
  generate(input: { bundle: unknown; repoRoot: string }): Promise<Array<{ path: string; content: string }>>;
};
const bundle = JSON.parse(await readFile(path.join(repoRoot, 'packages/types/src/generated/openapi.json'), 'utf8'));

const run = async (doc: unknown) => {
  const files = await generator.generate({ bundle: doc, repoRoot });
  return Object.fromEntries(files.map((f) => [path.basename(f.path), f.content]));
};

describe('30-client generator', () => {
  it('reproduces the committed generated files from the committed bundle', async () => {
    const files = await run(bundle);
    for (const name of ['operations.ts', 'methods.ts', 'iterators.ts']) {
      expect(files[name]).toBe(await readFile(path.join(repoRoot, 'packages/client/src/generated', name), 'utf8'));
    }
  });

  it('adds a method for an operation added to the spec, with its policy and address space', async () => {
    const doc = structuredClone(bundle);
    doc.paths['/api/svc/v1/teams'] = {
      post: { operationId: 'createTeam', summary: 'Create a team', 'x-idempotent': false, 'x-error-shape': 'control-plane', responses: { '200': { description: 'ok' } } },
    };
    doc.paths['/models'] = {
      servers: [{ url: '{scheme}://{gateway_base_url}' }],
      get: { operationId: 'listModels', 'x-idempotent': true, 'x-error-shape': 'gateway', responses: { '200': { description: 'ok' } } },
    };
    const files = await run(doc);
    expect(files['operations.ts']).toContain(
      "createTeam: { method: 'post', path: '/api/svc/v1/teams', space: 'controlPlane', idempotent: false, errorShape: 'control-plane' },",
    );
    expect(files['operations.ts']).toContain("listModels: { method: 'get', path: '/models', space: 'gateway', idempotent: true, errorShape: 'gateway' },");
    expect(files['operations.ts']).toMatch(/export type GatewayPath =[^;]*'\/models'/);
    expect(files['methods.ts']).toContain("createTeam(...init: MethodArgs<Ops['createTeam']>): Promise<MethodResult<Ops['createTeam']>>;");
    expect(files['methods.ts']).toContain('Create a team.');
    expect(files['methods.ts']).toContain("createTeam: components['schemas']['ControlPlaneError'];");
  });

  it('adds an iterator for an operation whose x-pagination says it pages, walking by its style and reading its own paths', async () => {
    const doc = structuredClone(bundle);
    doc.paths['/api/svc/v1/teams'] = {
      get: {
        operationId: 'listTeams',
        summary: 'List teams',
        'x-idempotent': true,
        'x-error-shape': 'control-plane',
        'x-pagination': { style: 'offset', offsetParameter: 'skip', limitParameter: 'take', totalAt: 'meta.count', itemsAt: 'teams' },
        parameters: [{ name: 'skip', in: 'query', schema: { type: 'integer' } }, { name: 'take', in: 'query', schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', properties: { teams: { type: 'array', items: { type: 'object' } }, meta: { type: 'object', properties: { count: { type: 'integer' } } } } } } },
          },
        },
      },
    };
    const files = await run(doc);
    expect(files['iterators.ts']).toContain(
      "  iterateTeams: {\n    operationId: 'listTeams',\n    items: (page: Page<'listTeams'>) => page?.teams,\n    nextPage: /* @__PURE__ */ byOffset('skip', (page: Page<'listTeams'>) => page?.meta?.count),\n  },",
    );
    // The types package already exports a schema `Team`, so the item type is `TeamItem`.
    expect(files['iterators.ts']).toContain("export type TeamItem = PageItem<MethodResult<Ops['listTeams']>, ['teams']>;");
    expect(files['iterators.ts']).toContain("iterateTeams(...init: MethodArgs<Ops['listTeams']>): AsyncIterableIterator<TeamItem>;");
  });

  it('names an item type after its operation, adding Item where the types package has a schema of that name', async () => {
    const files = await run(bundle);
    expect(Object.keys(bundle.components.schemas)).toContain('AgentSkillVersion');
    expect(Object.keys(bundle.components.schemas)).not.toContain('AgentSessionTurn');
    expect(files['iterators.ts']).toMatch(/export type AgentSkillVersionItem = /);
    expect(files['iterators.ts']).toMatch(/export type AgentSessionTurn = /);
  });

  it('pages only where x-pagination says so: a page_token parameter alone makes no iterator', async () => {
    const doc = structuredClone(bundle);
    delete doc.paths['/{tenantName}/v1/agents/sessions/{sessionId}/turns'].get['x-pagination'];
    const files = await run(doc);
    expect(files['iterators.ts']).not.toContain('iterateAgentSessionTurns');
    expect(files['iterators.ts']).toContain('iterateAgentSkillVersions');
  });

  it('fails on a malformed x-pagination, naming the operation and the field', async () => {
    const doc = structuredClone(bundle);
    doc.paths['/api/svc/v1/agent-skill-versions'].get['x-pagination'].offsetParameter = 'start';
    await expect(run(doc)).rejects.toThrow(/^listAgentSkillVersions \(GET \/api\/svc\/v1\/agent-skill-versions\) x-pagination\.offsetParameter: "start" is not a query parameter/);
  });

  it('marks exactly the four gateway operations as gateway, and the three unsafe ones as not idempotent', async () => {
    const { operations } = await import('../src/generated/operations.js');
    const entries = Object.entries(operations);
    expect(entries.filter(([, o]) => o.space === 'gateway').map(([id]) => id).sort()).toEqual(
      ['getBatch', 'getFile', 'listAgentSessionTurns', 'listResponseInputItems'],
    );
    expect(entries.filter(([, o]) => !o.idempotent).map(([id]) => id).sort()).toEqual(['changePassword', 'createSecretGroup', 'terminateJob']);
    expect(operations.getArtifactVersionSignedUrls.idempotent).toBe(true);
  });

  it.each([
    ['x-idempotent', 'needs x-idempotent'],
    ['x-error-shape', 'needs x-error-shape'],
    ['operationId', 'needs an operationId'],
  ])('fails when an operation lacks %s', async (key, message) => {
    const doc = structuredClone(bundle);
    delete doc.paths['/api/svc/v1/teams/{id}'].get[key];
    await expect(run(doc)).rejects.toThrow(message);
  });

  it('fails on a duplicate operationId', async () => {
    const doc = structuredClone(bundle);
    doc.paths['/x'] = { get: { ...doc.paths['/api/svc/v1/teams/{id}'].get } };
    await expect(run(doc)).rejects.toThrow('duplicate operationId getTeam');
  });
});
