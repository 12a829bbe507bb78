// A case as the mock's request validation reads a request, so that generation can ask the validator itself
// whether a case keeps (or breaks) the request rules: one judge of validity for the mock and for verify.
import type { MockOperation } from '../../spec/operation-table.js';
import type { Violation } from '../../types.js';
import { validateRequest, type MockRequest } from '../../validation/request-validation.js';
import type { SchemaValidators } from '../../validation/runtime-validators.js';
import type { RequestCase } from '../verify-types.js';

export function asMockRequest(op: MockOperation, requestCase: RequestCase): MockRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(requestCase.headers)) headers[name.toLowerCase()] = value;
  const pathParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(requestCase.path)) pathParams[name] = encodeURIComponent(value);
  const body = requestCase.body === undefined ? ({ kind: 'none' } as const) : ({ kind: 'json', value: requestCase.body as never, bytes: new Uint8Array() } as const);
  return { method: op.method, pathParams, query: new URLSearchParams(requestCase.query), headers, body };
}

/** The request rules the case breaks, as the mock's validation reports them. */
export function violationsOf(validators: SchemaValidators, op: MockOperation, requestCase: RequestCase): Violation[] {
  return validateRequest(validators, op, asMockRequest(op, requestCase));
}
