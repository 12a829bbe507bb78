// The contract as the mock's modes read it: the document, the spec model, the operation table and the validators,
// read once per start and handed to every stage that needs them. Built by load-contract.ts (a spec file or a parsed
// document) or bundled-contract.ts (the bundle compiled into the in-process fetch).
import { createSpecModel, type SpecModel } from '@vendor/spec-model';
import { readOperations, type MockOperation } from '../spec/operation-table.js';
import type { OpenApiDocument } from '../types.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';

/** What the checks of an exchange read of the contract: the document, its model and the operation table. */
export type ContractTables = Pick<Contract, 'doc' | 'model' | 'operations'>;

export interface Contract {
  doc: OpenApiDocument;
  model: SpecModel;
  /** the operation table, built once per start, in the spec's order */
  operations: MockOperation[];
  /** the table's entry for an operationId taken from the spec (one it does not have is a bug: it throws) */
  operation(operationId: string): MockOperation;
  validators: SchemaValidators;
}

/** The model and the operation table of `doc`: what both loaders read before the validators. */
export function readTables(doc: OpenApiDocument): Pick<Contract, 'model' | 'operations'> {
  const model = createSpecModel(doc);
  return { model, operations: readOperations(model) };
}

export function assembleContract(doc: OpenApiDocument, tables: Pick<Contract, 'model' | 'operations'>, validators: SchemaValidators): Contract {
  const byId = new Map(tables.operations.map((op) => [op.operationId, op]));
  const operation = (operationId: string) => {
    const found = byId.get(operationId);
    if (found === undefined) throw new Error(`${operationId} is not an operation of the spec`);
    return found;
  };
  return { doc, ...tables, operation, validators };
}
