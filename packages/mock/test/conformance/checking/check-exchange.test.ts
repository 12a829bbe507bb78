// The answer's headers against those its documented response names (conformance/checking/check-exchange.ts): the same
// check serves the proxy and verify. The bundle documents no response header yet, so one is added to getTeam's 200.
import { createSpecModel, getAtPointer } from '@vendor/spec-model';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, type SeenAnswer } from '../../../src/conformance/checking/check-exchange.js';
import { readOperations, type MockOperation } from '../../../src/spec/operation-table.js';
import { compileValidators, type SchemaValidators } from '../../../src/validation/runtime-validators.js';
import { loadBundle } from '../../helpers/spec.js';

function withDocumentedHeaders(): any {
  const doc: any = loadBundle();
  // Where getTeam's 200 is written (the end of its $ref chain, if any), as the spec model says.
  const ok = createSpecModel(doc).operation('getTeam').responses.find((response) => response.status === '200')!;
  const response = getAtPointer(doc, ok.pointer) as any;
  response.headers = {
    'X-Request-Id': { required: true, schema: { type: 'string', minLength: 8 } },
    'X-RateLimit-Remaining': { schema: { type: 'integer', minimum: 0 } },
  };
  return doc;
}

let validators: SchemaValidators;
let getTeam: MockOperation;
let body: unknown;

beforeAll(async () => {
  const doc = withDocumentedHeaders();
  const operations = readOperations(createSpecModel(doc));
  validators = await compileValidators(doc, operations);
  getTeam = operations.find((op) => op.operationId === 'getTeam')!;
  body = getTeam.responses.find((response) => response.status === '200')!.examples[0]!.value;
});

const answer = (headers: SeenAnswer['headers']): SeenAnswer => ({ status: 200, mediaType: 'application/json', headers, body: { kind: 'json', value: body } });

describe('documented response headers', () => {
  it('finds nothing when the required header is there and every value keeps its schema', () => {
    expect(checkResponse(validators, getTeam, answer({ 'x-request-id': 'req-12345678', 'x-ratelimit-remaining': '7' }))).toEqual([]);
  });

  it('names a required header the answer left out', () => {
    const findings = checkResponse(validators, getTeam, answer({}));
    expect(findings).toEqual([expect.objectContaining({ operationId: 'getTeam', direction: 'response', path: 'header.x-request-id', rule: 'required' })]);
  });

  it('names a header whose value breaks its schema, read as the type the schema says', () => {
    const findings = checkResponse(validators, getTeam, answer({ 'x-request-id': 'short', 'x-ratelimit-remaining': 'many' }));
    expect(findings.map((finding) => [finding.path, finding.rule])).toEqual([
      ['header.x-request-id', 'minLength'],
      ['header.x-ratelimit-remaining', 'type'],
    ]);
  });
});
