// Generated bodies (`Prefer: dynamic=true`): a body made from the response's schema (generated-body.ts),
// checked against that schema like every answer. The seed is the request's (`Prefer: seed=S`), else the
// mock's (`--seed S`), else a fresh one per request; one seed gives one body, on every run and runtime.
import type { MockOperation, MockResponse } from '../spec/operation-table.js';
import type { OpenApiDocument } from '../types.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';
import { violationsFromSchemaErrors } from '../validation/schema-violations.js';
import { responseKey } from '../validation/validator-keys.js';
import { createBodyGenerator } from './generated-body.js';

export type GeneratedAnswer = { ok: true; body: unknown } | { ok: false; details: string };

export type BodyGenerator = (op: MockOperation, response: MockResponse, seed: string | undefined) => GeneratedAnswer;

export function createGeneratedAnswers(doc: OpenApiDocument, validators: SchemaValidators, mockSeed: string | undefined): BodyGenerator {
  const generateBody = createBodyGenerator(doc);
  return (op, response, requestSeed) => {
    const seed = requestSeed ?? mockSeed ?? freshSeed();
    const body = response.schemaPointer === undefined ? {} : generateBody(response.schemaPointer, `${op.operationId} ${response.status} ${seed}`);
    const validate = validators.get(responseKey(op, response.status));
    if (validate === undefined || validate(body)) return { ok: true, body };
    const details = violationsFromSchemaErrors(['body'], validate.errors)
      .map((v) => `response.${v.message}`)
      .join('; ');
    return { ok: false, details };
  };
}

function freshSeed(): string {
  return Math.random().toString(36).slice(2);
}
