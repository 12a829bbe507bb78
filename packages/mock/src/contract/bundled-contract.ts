// bundledContract(): the contract of the bundle compiled into the in-process fetch, with the validators generated
// from it. Nothing is read from disk and nothing compiled (no eval: workers forbid it), so it runs where fetch runs;
// the fetch calls it on its first request, not when it is created.
import bundledSpec from '@vendor/api-types/openapi.json' with { type: 'json' };
import { loadValidators } from '../generated/validators.js';
import type { OpenApiDocument } from '../types.js';
import type { SchemaValidators, ValidateFunction } from '../validation/runtime-validators.js';
import { assembleContract, readTables, type Contract } from './contract.js';

export function bundledContract(): Contract {
  const doc = bundledSpec as OpenApiDocument;
  return assembleContract(doc, readTables(doc), generatedValidators());
}

function generatedValidators(): SchemaValidators {
  const table = loadValidators() as Record<string, ValidateFunction>;
  return { source: 'generated', get: (key) => table[key] };
}
