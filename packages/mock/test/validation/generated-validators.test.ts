// The precompiled validators (src/generated/validators.ts) against the same schemas compiled at run time:
// the published bundle must use them, and they must give the same verdicts on the spec's own examples.
import { describe, expect, it } from 'vitest';
import { readOperations } from '../../src/spec/operation-table.js';
import { compileValidators, loadSchemaValidators } from '../../src/validation/runtime-validators.js';
import { bodyKey, responseKey, validatorSchemas } from '../../src/validation/validator-keys.js';
import { jsonContentOf } from '@vendor/spec-model';
import { loadBundle, loadModel } from '../helpers/spec.js';

const doc = loadBundle();
const model = loadModel(doc);
const operations = readOperations(model);
const generated = await loadSchemaValidators(doc, operations);
const compiled = await compileValidators(doc, operations);
const schemas = validatorSchemas(doc, operations);

/** Every example of a JSON media type, with the key of the validator that checks it. */
function examplesWithKeys(): Array<{ key: string; name: string; value: unknown }> {
  const out: Array<{ key: string; name: string; value: unknown }> = [];
  for (const op of operations) {
    const entry = model.operation(op.operationId);
    const body = entry.requestBody && jsonContentOf(entry.requestBody.content);
    for (const { name, value } of body?.examples ?? []) out.push({ key: bodyKey(op), name, value });
    for (const response of entry.responses) {
      const media = jsonContentOf(response.content);
      for (const { name, value } of media?.examples ?? []) out.push({ key: responseKey(op, response.status), name, value });
    }
  }
  return out;
}

describe('generated validators', () => {
  it('serve the published bundle (their fingerprint matches it: regenerate with npm run generate if not)', () => {
    expect(generated.source).toBe('generated');
  });

  it('exist for every schema the mock validates with', () => {
    const keys = [...schemas.coerced, ...schemas.exact].map((s) => s.key);
    expect(keys.length).toBeGreaterThan(operations.length);
    expect(keys.filter((key) => generated.get(key) === undefined)).toEqual([]);
  });

  it.each(examplesWithKeys().map((e) => [e.key, e.name, e] as const))('%s, example %s: same verdict and errors as a run-time compile', (key, _name, example) => {
    const fast = generated.get(key)!;
    const slow = compiled.get(key)!;
    const verdict = fast(structuredClone(example.value));
    expect(verdict).toBe(slow(structuredClone(example.value)));
    expect(fast.errors ?? null).toEqual(slow.errors ?? null);
  });

  it('reject what the run-time compile rejects (a broken body)', () => {
    const key = bodyKey(operations.find((o) => o.operationId === 'createOrUpdateMcpServer')!);
    const broken = { manifest: { type: 'mcp-server/remote', name: 'ab' }, extra: 1 };
    expect(generated.get(key)!(broken)).toBe(false);
    expect(compiled.get(key)!(broken)).toBe(false);
    expect(generated.get(key)!.errors).toEqual(compiled.get(key)!.errors);
  });
});
