// Values the contract marks unique (`x-unique`, read by the spec model: a secret group's name) made unique per run,
// so that a run repeated every night against one stateful target meets none of its earlier runs' records, and no
// request of a run (a shrinking candidate included) meets one of the same run. Each value gets the run nonce and a
// counter of the run as a suffix: `llm-keys` -> `llm-keys-k3x9q2-1b`. Reproducible: `--seed S --run R` gives the
// same suffixes in the same order.
import { randomBytes } from 'node:crypto';
import { uniqueBodyFields } from '@vendor/spec-model';
import { findingPath } from '../../conformance/checking/check-exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';
import type { VerifyContract } from '../verify-contract.js';
import type { RequestCase } from '../verify-types.js';
import { violationsOf } from './case-request.js';

/** A run nonce: lower-case letters and digits, short enough to keep a made-unique value within most length rules. */
export const RUN_NONCE = /^[a-z0-9]{1,12}$/;

export function newRunNonce(): string {
  return randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6);
}

/** Gives each case it is handed values unique to the run, in the order handed. */
export type MakeUnique = (op: MockOperation, requestCase: RequestCase) => RequestCase;

export function uniqueValueMaker(contract: VerifyContract, run: string): MakeUnique {
  let counter = 0;
  const fieldsByOperation = new Map<string, string[][]>();
  const fieldsOf = (op: MockOperation) => {
    let fields = fieldsByOperation.get(op.operationId);
    if (fields === undefined) {
      fields = uniqueBodyFields(contract.doc, contract.model.operation(op.operationId));
      fieldsByOperation.set(op.operationId, fields);
    }
    return fields;
  };
  return (op, requestCase) => {
    const fields = fieldsOf(op);
    if (fields.length === 0 || requestCase.body === undefined) return requestCase;
    counter += 1;
    return withUniqueValues(contract, op, requestCase, fields, run, counter.toString(36));
  };
}

function withUniqueValues(contract: VerifyContract, op: MockOperation, requestCase: RequestCase, fields: string[][], run: string, count: string): RequestCase {
  const earlierSuffix = new RegExp(`-${run}-[a-z0-9]+$`);
  const candidate = structuredClone(requestCase);
  const places: string[] = [];
  for (const field of fields) {
    const place = findingPath(['body', ...field]);
    // An invalid case keeps the value that breaks its rule: made unique, it might break none.
    if (requestCase.breaks?.at === place) continue;
    const parent = walk(candidate.body, field.slice(0, -1));
    const key = field.at(-1)!;
    if (parent === undefined || typeof parent[key] !== 'string') continue;
    // A case made unique before (a shrinking candidate) gets a new suffix, not a second one.
    const wasUnique = requestCase.madeUnique?.includes(place) === true;
    const original = wasUnique ? (parent[key] as string).replace(earlierSuffix, '') : (parent[key] as string);
    parent[key] = `${original}-${run}-${count}`;
    places.push(place);
  }
  if (places.length === 0 || !keepsItsKind(contract, op, requestCase, candidate)) return requestCase;
  return { ...candidate, madeUnique: places };
}

/** Made unique, a case must still be what it was: valid, or breaking exactly the same one rule. */
function keepsItsKind(contract: VerifyContract, op: MockOperation, original: RequestCase, candidate: RequestCase): boolean {
  const violations = violationsOf(contract.validators, op, candidate);
  if (original.breaks === undefined) return violations.length === 0;
  return violations.length === 1 && violations[0]!.rule === original.breaks.rule && findingPath(violations[0]!.location) === original.breaks.at;
}

function walk(value: unknown, at: readonly string[]): Record<string, unknown> | undefined {
  let current = value;
  for (const step of at) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current !== null && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : undefined;
}
