// The mock's 401 is the one the model names for each operation (the document's `x-secured-responses` for those that
// do not list 401): every operation's 401 without a token matches that response's schema, and `Prefer: code=401`
// serves that response's example, also on the three operations whose error list leaves 401 out.
import { jsonContentOf, responseFor } from '@vendor/spec-model';
import { describe, expect, it } from 'vitest';
import { createMockFetch } from '../../src/fetch.js';
import { loadModel, schemaValidator, validRequest } from '../helpers/spec.js';

const model = loadModel();
const validatorAt = schemaValidator(model);
const mockFetch = createMockFetch();
const unlisted = model.operations.filter((op) => !op.responses.some((response) => response.status === '401'));

describe('the mock answers the 401 the model names for each operation', () => {
  it('three operations leave 401 off their own list', () => {
    expect(unlisted.map((op) => op.operationId).sort()).toEqual(['createSecretGroup', 'listAgentSessionTurns', 'terminateJob']);
  });

  it.each(model.operations.map((op) => [op.operationId, op] as const))('%s: 401 without a token matches the model’s 401 response', async (_id, op) => {
    const documented = responseFor(op, 401);
    expect(documented, `${op.operationId} has no 401 in the model`).toBeDefined();
    const request = validRequest('http://mock.local', op);
    delete request.init.headers.authorization;
    const res = await mockFetch(request.url, request.init);
    expect(res.status).toBe(401);
    const validate = validatorAt(jsonContentOf(documented!.content)!.schema);
    const body = await res.json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(unlisted.map((op) => [op.operationId, op] as const))('%s: Prefer code=401 serves the lent response’s example', async (_id, op) => {
    const request = validRequest('http://mock.local', op);
    request.init.headers.prefer = 'code=401';
    const res = await mockFetch(request.url, request.init);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(jsonContentOf(responseFor(op, 401)!.content)!.examples[0]!.value);
  });

  it('Prefer asking for a status nobody documents names the lent 401 among the documented', async () => {
    const request = validRequest('http://mock.local', model.operation('listAgentSessionTurns'));
    request.init.headers.prefer = 'code=418';
    const body = await (await mockFetch(request.url, request.init)).json();
    expect(body.error.message).toContain('asks for code=418, but listAgentSessionTurns documents 200, 400, 404, 412, 401');
  });
});
