// Requests that keep every request rule: the documented examples, and requests generated from the rules by the
// mock's seeded body generator. A generated request goes out only when the mock's own validation finds no
// broken rule in it, so a valid case is valid by the same judge the mock answers with.
import { jsonContentOf } from '@vendor/spec-model';
import { seededRandom } from '../../random/seeded-random.js';
import type { MockOperation, MockParameter } from '../../spec/operation-table.js';
import type { VerifyContract } from '../verify-contract.js';
import type { RequestCase } from '../verify-types.js';
import { violationsOf } from './case-request.js';

/** How many generated candidates one valid case may draw before it settles for an example's values. */
const DRAWS_PER_CASE = 8;

/** One case per documented request example (or one from the parameters' examples when the body has none). */
export function exampleCases(contract: VerifyContract, op: MockOperation): RequestCase[] {
  const base = parameterExamples(op);
  const bodies = requestExamples(contract, op);
  if (bodies.length === 0) return isValid(contract, op, base) ? [base] : [];
  return bodies.map((body) => ({ ...base, body: structuredClone(body) })).filter((requestCase) => isValid(contract, op, requestCase));
}

/** A valid request generated from the rules, reproducible from `seed`. */
export function validCase(contract: VerifyContract, op: MockOperation, seed: string): RequestCase | undefined {
  for (let draw = 0; draw < DRAWS_PER_CASE; draw++) {
    const candidate = generatedCase(contract, op, `${seed}/${draw}`);
    if (isValid(contract, op, candidate)) return candidate;
  }
  return undefined;
}

function generatedCase(contract: VerifyContract, op: MockOperation, seed: string): RequestCase {
  const random = seededRandom(seed);
  const requestCase: RequestCase = { operationId: op.operationId, kind: 'valid', auth: 'token', path: {}, query: {}, headers: {} };
  for (const param of op.parameters) {
    // Half the time a documented value, so that generated requests also reach records that exist.
    const useExample = param.example !== undefined && random() < 0.5;
    const leaveOut = !param.required && random() < 0.4;
    if (leaveOut) continue;
    const value = useExample ? param.example : generatedValue(contract, param, `${seed}/${param.in}.${param.name}`);
    if (value === undefined) continue;
    placeOf(requestCase, param)[param.name] = wireText(value);
  }
  if (op.bodySchemaPointer !== undefined) {
    const sendBody = op.bodyRequired || random() < 0.8;
    if (sendBody) requestCase.body = contract.generate(op.bodySchemaPointer, `${seed}/body`);
  }
  return requestCase;
}

function generatedValue(contract: VerifyContract, param: MockParameter, seed: string): unknown {
  if (param.schemaPointer === undefined) return param.example ?? 'x';
  return contract.generate(param.schemaPointer, seed);
}

function parameterExamples(op: MockOperation): RequestCase {
  const requestCase: RequestCase = { operationId: op.operationId, kind: 'example', auth: 'token', path: {}, query: {}, headers: {} };
  for (const param of op.parameters) {
    if (param.example === undefined) continue;
    placeOf(requestCase, param)[param.name] = wireText(param.example);
  }
  return requestCase;
}

function requestExamples(contract: VerifyContract, op: MockOperation): unknown[] {
  const body = contract.model.operation(op.operationId).requestBody;
  if (body === undefined) return [];
  const json = jsonContentOf(body.content);
  return (json?.examples ?? []).map((example) => example.value).filter((value) => value !== undefined);
}

export function placeOf(requestCase: RequestCase, param: MockParameter): Record<string, string> {
  if (param.in === 'path') return requestCase.path;
  if (param.in === 'header') return requestCase.headers;
  return requestCase.query;
}

/** A parameter's value as it is sent: arrays comma-separated (the form style without explode). */
export function wireText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function isValid(contract: VerifyContract, op: MockOperation, requestCase: RequestCase): boolean {
  return violationsOf(contract.validators, op, requestCase).length === 0;
}
