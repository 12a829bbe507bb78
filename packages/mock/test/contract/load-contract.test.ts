// The contract every mode loads once (contract/): the document, the model, the operation table built from that
// model, and the validators (generated for the published bundle, compiled for any other document).
import { describe, expect, it } from 'vitest';
import { bundledContract } from '../../src/contract/bundled-contract.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { loadBundle } from '../helpers/spec.js';
import fixture from '../fixtures/mini-spec.json' with { type: 'json' };

describe('loadContract', () => {
  it('loads the published bundle with the generated validators and one table of the model\'s operations', async () => {
    const contract = await loadContract(undefined);
    expect(contract.doc).toEqual(loadBundle());
    expect(contract.validators.source).toBe('generated');
    expect(contract.operations.map((op) => op.operationId)).toEqual(contract.model.operations.map((op) => op.operationId));
    expect(contract.operations.length).toBeGreaterThan(10);
  });

  it('finds each operation of the table by id (the same entry, not a copy), and refuses an id the spec does not have', async () => {
    const contract = await loadContract(undefined);
    for (const op of contract.operations) expect(contract.operation(op.operationId)).toBe(op);
    expect(() => contract.operation('noSuchOperation')).toThrow('noSuchOperation is not an operation of the spec');
  });

  it('carries what the model says of each operation, so no consumer asks the model again', async () => {
    const contract = await loadContract(undefined);
    for (const op of contract.operations) {
      const spec = contract.model.operation(op.operationId);
      expect({ secured: op.secured, destructive: op.destructive, idempotent: op.idempotent, errorShape: op.errorShape, pagination: op.pagination }).toEqual({
        secured: spec.secured,
        destructive: spec.destructive,
        idempotent: spec.idempotent,
        errorShape: spec.errorShape,
        pagination: spec.pagination,
      });
    }
  });

  it('compiles validators for another document, and keeps its own copy of a parsed one', async () => {
    const doc = structuredClone(fixture) as any;
    const contract = await loadContract(doc);
    expect(contract.validators.source).toBe('compiled');
    expect(contract.validators.get('body createOrUpdateMcpServer')).toBeTypeOf('function');
    expect(contract.operations.map((op) => op.operationId)).toEqual(['createOrUpdateModelVersion', 'createOrUpdateMcpServer', 'getTeam', 'listAgentSessionTurns']);
    doc.paths = {};
    expect(Object.keys(contract.doc.paths!)).toHaveLength(4);
  });

  it('fails on a file that is not an OpenAPI bundle, naming it', async () => {
    await expect(loadContract(new URL('../../package.json', import.meta.url).pathname)).rejects.toThrow(/package\.json is not an OpenAPI document/);
  });
});

describe('bundledContract', () => {
  it('is the published bundle\'s contract, with the generated validators and the same table loadContract builds', async () => {
    const bundled = bundledContract();
    const loaded = await loadContract(undefined);
    expect(bundled.doc).toEqual(loaded.doc);
    expect(bundled.validators.source).toBe('generated');
    expect(bundled.operations).toEqual(loaded.operations);
    const someBody = loaded.operations.find((op) => op.bodySchemaPointer !== undefined)!;
    const fromBundle = bundled.validators.get(`body ${someBody.operationId}`)!;
    const fromLoad = loaded.validators.get(`body ${someBody.operationId}`)!;
    expect(fromBundle).toBeTypeOf('function');
    for (const body of [{}, [], 'text', { unexpected: 1 }]) expect(fromBundle(body)).toBe(fromLoad(body));
  });
});
