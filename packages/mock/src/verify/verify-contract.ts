// The contract as verify reads it: the one every mode loads (contract/), plus the seeded body generator, built once
// per run. Everything verify knows of the spec comes through here.
import { createBodyGenerator, type GenerateBody } from '../answers/generated-body.js';
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load-contract.js';
import type { SpecSource } from '../spec/load-spec.js';

export interface VerifyContract extends Contract {
  generate: GenerateBody;
}

export async function loadVerifyContract(source: SpecSource): Promise<VerifyContract> {
  const contract = await loadContract(source);
  return { ...contract, generate: createBodyGenerator(contract.doc) };
}
