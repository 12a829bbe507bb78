// Turns ajv's errors into the mock's violations: one per broken rule, naming the field and the rule.
import { decodePointer } from '@vendor/spec-model';
import type { SchemaError } from './runtime-validators.js';
import type { Violation } from '../types.js';

/** `place` is where the value came from: ['body'], ['query'], ['response', 'body'], ... */
export function violationsFromSchemaErrors(place: string[], errors: readonly SchemaError[] | null | undefined): Violation[] {
  // `if`/`then` wrappers (from rewritten discriminators) add "must match then schema": the variant's own errors say more.
  const meaningful = (errors ?? []).filter((e) => e.keyword !== 'if');
  return dedupe(meaningful.map((error) => toViolation(place, error)));
}

function toViolation(place: string[], error: SchemaError): Violation {
  const location = [...place, ...decodePointer(error.instancePath)];
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return violation([...location, params.missingProperty], 'required', 'is required');
    case 'additionalProperties':
      return violation([...location, params.additionalProperty], 'additionalProperties', 'is not an allowed property');
    case 'unevaluatedProperties':
      return violation([...location, params.unevaluatedProperty], 'unevaluatedProperties', 'is not an allowed property');
    case 'enum':
      return violation(location, 'enum', `must be one of ${params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`);
    case 'const':
      return violation(location, 'const', `must be ${JSON.stringify(params.allowedValue)}`);
    default:
      return violation(location, error.keyword, error.message ?? `violates ${error.keyword}`);
  }
}

function violation(location: string[], rule: string, text: string): Violation {
  return { location, rule, message: `${location.join('.')} ${text}` };
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.location.join('\u0000')}|${v.rule}|${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
