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
    for (const name of ['operations.ts', 'methods.ts']) {
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
