// loadContract(): the contract from a spec file, a parsed document or (default) the published bundle; the server,
// the proxy and verify each call it once per start. The validators come precompiled when the document is the
// bundle they were generated from, else ajv compiles them now, so a schema it cannot compile fails at start-up.
import { loadSpec, type SpecSource } from '../spec/load-spec.js';
import { loadSchemaValidators } from '../validation/runtime-validators.js';
import { assembleContract, readTables, type Contract } from './contract.js';

export async function loadContract(source: SpecSource): Promise<Contract> {
  const doc = await loadSpec(source);
  const tables = readTables(doc);
  const validators = await loadSchemaValidators(doc, tables.operations);
  return assembleContract(doc, tables, validators);
}
