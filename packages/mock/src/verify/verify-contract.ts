// The contract as verify reads it: the spec model, the mock's operation table and validators, and the seeded body
// generator, built once per run. Everything verify knows of the spec comes through here.
import { createSpecModel, type SpecModel } from '@vendor/spec-model';
import { createBodyGenerator, type GenerateBody } from '../answers/generated-body.js';
import { loadSpec, type SpecSource } from '../spec/load-spec.js';
import { readOperations, type MockOperation } from '../spec/operation-table.js';
import type { OpenApiDocument } from '../types.js';
import { loadSchemaValidators, type SchemaValidators } from '../validation/runtime-validators.js';

export interface VerifyContract {
  doc: OpenApiDocument;
  model: SpecModel;
  operations: readonly MockOperation[];
  operation(operationId: string): MockOperation;
  validators: SchemaValidators;
  generate: GenerateBody;
}

export async function loadVerifyContract(source: SpecSource): Promise<VerifyContract> {
  const doc = await loadSpec(source);
  const model = createSpecModel(doc);
  const operations = readOperations(model);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const validators = await loadSchemaValidators(doc, operations);
  return {
    doc,
    model,
    operations,
    operation: (operationId) => byId.get(operationId)!,
    validators,
    generate: createBodyGenerator(doc),
  };
}
