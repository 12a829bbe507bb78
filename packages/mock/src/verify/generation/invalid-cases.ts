// Requests that each break exactly one request rule: a valid request with one thing changed (a required field or
// parameter left out, a value of the wrong type, too short or too long, out of range, outside its pattern or enum,
// an unknown property, no body). Which rule a change breaks is the mock's validation's verdict, not a guess: a
// change that breaks no rule, or more than one, is not a case.
import { findingPath } from '../../conformance/checking/check-exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';
import type { VerifyContract } from '../verify-contract.js';
import type { RequestCase } from '../verify-types.js';
import { violationsOf } from './case-request.js';

type Change = (requestCase: RequestCase) => void;

/** Values that break one rule or another of most fields: wrong types, edges of lengths and ranges, odd text. */
const REPLACEMENTS: readonly unknown[] = [
  null,
  true,
  42,
  1.5,
  -1,
  -1_000_000_000_000,
  1_000_000_000_000,
  '',
  'x',
  'not a valid value!',
  'x'.repeat(2000),
  [],
  {},
];
const PARAMETER_REPLACEMENTS: readonly string[] = ['', 'not-a-number', '-1', '0', '1.5', '99999999999', 'zz~invalid value~', 'x'.repeat(2000)];
const UNKNOWN_PROPERTY = 'zz_unknown_property';

/** Every one-rule break of `base`, each once per rule and place, in a stable order. */
export function invalidCases(contract: VerifyContract, op: MockOperation, base: RequestCase): RequestCase[] {
  const found = new Map<string, RequestCase>();
  for (const change of changesOf(op, base)) {
    const candidate = structuredClone(base);
    change(candidate);
    const violations = violationsOf(contract.validators, op, candidate);
    if (violations.length !== 1) continue;
    const at = findingPath(violations[0]!.location);
    const key = `${violations[0]!.rule} ${at}`;
    if (found.has(key)) continue;
    found.set(key, { ...candidate, kind: 'invalid', breaks: { rule: violations[0]!.rule, at } });
  }
  return [...found.values()];
}

function changesOf(op: MockOperation, base: RequestCase): Change[] {
  const changes: Change[] = [];
  for (const param of op.parameters) {
    const place = param.in === 'path' ? 'path' : param.in === 'header' ? 'headers' : 'query';
    if (param.in !== 'path') changes.push((c) => void delete c[place][param.name]);
    // An empty path value is another path (`/sessions//turns`), which no router matches: not a bad value of this one.
    const texts = param.in === 'path' ? PARAMETER_REPLACEMENTS.filter((text) => text !== '') : PARAMETER_REPLACEMENTS;
    for (const text of texts) changes.push((c) => void (c[place][param.name] = text));
  }
  if (op.bodySchemaPointer !== undefined) {
    changes.push((c) => void delete c.body);
    if (base.body !== undefined) changes.push(...bodyChanges(base.body, []));
  }
  return changes;
}

/** Changes at every place of the body: each property left out, each value replaced, an unknown property added. */
function bodyChanges(value: unknown, at: readonly (string | number)[]): Change[] {
  const changes: Change[] = [];
  if (at.length > 0) for (const replacement of REPLACEMENTS) changes.push((c) => setAt(c, at, structuredClone(replacement)));
  if (Array.isArray(value)) {
    value.forEach((item, index) => changes.push(...bodyChanges(item, [...at, index])));
    return changes;
  }
  if (isObject(value)) {
    changes.push((c) => setAt(c, [...at, UNKNOWN_PROPERTY], 'x'));
    for (const [key, child] of Object.entries(value)) {
      changes.push((c) => deleteAt(c, [...at, key]));
      changes.push(...bodyChanges(child, [...at, key]));
    }
  }
  return changes;
}

function setAt(requestCase: RequestCase, at: readonly (string | number)[], value: unknown): void {
  if (at.length === 0) {
    requestCase.body = value;
    return;
  }
  const parent = walk(requestCase.body, at.slice(0, -1));
  if (parent !== undefined) (parent as Record<string | number, unknown>)[at.at(-1)!] = value;
}

function deleteAt(requestCase: RequestCase, at: readonly (string | number)[]): void {
  const parent = walk(requestCase.body, at.slice(0, -1));
  if (isObject(parent)) delete parent[at.at(-1) as string];
}

function walk(value: unknown, at: readonly (string | number)[]): unknown {
  let current = value;
  for (const step of at) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
