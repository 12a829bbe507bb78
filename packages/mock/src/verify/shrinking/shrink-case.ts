// Shrinks a failing case to the smallest request that still shows the same finding: optional parameters left
// out, body properties dropped, arrays cut to one item or none, strings and numbers made small. A smaller
// candidate must stay the same kind of case (a valid one keeps every request rule, an invalid one breaks the same
// one rule), so the shrunk request shows the finding for the same reason. Greedy, within a budget of tries.
import { findingPath } from '../../conformance/checking/check-exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';
import type { SchemaValidators } from '../../validation/runtime-validators.js';
import { violationsOf } from '../generation/case-request.js';
import type { RequestCase } from '../verify-types.js';

/** Re-sends a candidate and says whether it still shows the finding. */
export type StillFails = (candidate: RequestCase) => Promise<boolean>;

export interface ShrinkResult {
  request: RequestCase;
  tries: number;
  shrunk: boolean;
}

export const DEFAULT_SHRINK_TRIES = 60;

/**
 * `prepare` gives each candidate what the run gives every request it sends (values unique to the run), so that a
 * candidate never collides with the run's own records; a prepared candidate must still be smaller.
 */
export async function shrinkCase(
  validators: SchemaValidators,
  op: MockOperation,
  failing: RequestCase,
  stillFails: StillFails,
  maxTries = DEFAULT_SHRINK_TRIES,
  prepare: (candidate: RequestCase) => RequestCase = (candidate) => candidate,
): Promise<ShrinkResult> {
  let current = failing;
  let tries = 0;
  let improved = true;
  while (improved && tries < maxTries) {
    improved = false;
    for (const smaller of smallerCases(op, current)) {
      if (tries >= maxTries) break;
      if (!keepsItsKind(validators, op, failing, smaller)) continue;
      const candidate = prepare(smaller);
      if (sizeOf(candidate) >= sizeOf(current)) continue;
      tries += 1;
      if (await stillFails(candidate)) {
        current = candidate;
        improved = true;
        break;
      }
    }
  }
  return { request: current, tries, shrunk: sizeOf(current) < sizeOf(failing) };
}

/** The case's size: what shrinking makes smaller. */
export function sizeOf(requestCase: RequestCase): number {
  const parameters = Object.values(requestCase.query).join('').length + Object.values(requestCase.headers).join('').length;
  const body = requestCase.body === undefined ? 0 : JSON.stringify(requestCase.body).length;
  return parameters + body + Object.keys(requestCase.query).length + Object.keys(requestCase.headers).length;
}

function keepsItsKind(validators: SchemaValidators, op: MockOperation, original: RequestCase, candidate: RequestCase): boolean {
  const violations = violationsOf(validators, op, candidate);
  if (original.kind !== 'invalid') return violations.length === 0;
  if (violations.length !== 1) return false;
  const same = violations[0]!.rule === original.breaks!.rule && findingPath(violations[0]!.location) === original.breaks!.at;
  return same;
}

/** Candidates one step smaller than `requestCase`, biggest cuts first. */
function* smallerCases(op: MockOperation, requestCase: RequestCase): Generator<RequestCase> {
  for (const param of op.parameters) {
    if (param.required || param.in === 'path') continue;
    const place = param.in === 'header' ? 'headers' : 'query';
    if (requestCase[place][param.name] === undefined) continue;
    const candidate = structuredClone(requestCase);
    delete candidate[place][param.name];
    yield candidate;
  }
  if (requestCase.body !== undefined) {
    for (const body of smallerValues(requestCase.body)) yield { ...structuredClone(requestCase), body };
  }
}

/** Values one step smaller than `value`, each a whole new value. */
function* smallerValues(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    if (value.length > 1) yield [structuredClone(value[0])];
    if (value.length > 0) yield [];
    for (let i = 0; i < value.length; i++) {
      for (const smaller of smallerValues(value[i])) yield value.map((item, j) => (j === i ? smaller : structuredClone(item)));
    }
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    for (const [key] of entries) yield Object.fromEntries(entries.filter(([other]) => other !== key).map(([k, v]) => [k, structuredClone(v)]));
    for (const [key, child] of entries) {
      for (const smaller of smallerValues(child)) yield { ...structuredClone(value), [key]: smaller };
    }
    return;
  }
  if (typeof value === 'string' && value.length > 1) yield value.slice(0, 1);
  if (typeof value === 'number' && value !== 0 && Number.isInteger(value)) yield 0;
}
