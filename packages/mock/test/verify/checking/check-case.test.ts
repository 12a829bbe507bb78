// checkCase labels from the answer first: any 5xx is not_a_server_error alone, whatever the request was; the other
// labels describe a 2xx or 4xx that breaks what the request's kind expects. A conflict on a case whose unique values
// were made unique for the run is the implementation's; a refusal the state explains otherwise is nobody's finding.
import { describe, expect, it } from 'vitest';
import { checkCase } from '../../../src/verify/checking/check-case.js';
import { loadVerifyContract } from '../../../src/verify/verify-contract.js';
import type { CaseAnswer, RequestCase } from '../../../src/verify/verify-types.js';

const contract = await loadVerifyContract(undefined);
const createSecretGroup = contract.operation('createSecretGroup');
const getTeam = contract.operation('getTeam');

const json = (status: number, value: unknown): CaseAnswer => ({ status, mediaType: 'application/json', headers: { 'content-type': 'application/json' }, body: { kind: 'json', value } });
const request = (fields: Partial<RequestCase>): RequestCase => ({ operationId: 'getTeam', kind: 'example', auth: 'token', path: { id: 'jqfwg345gi25n5ju2yz5iz6m' }, query: {}, headers: {}, ...fields });
const labels = (found: ReturnType<typeof checkCase>) => found.map((item) => `${item.check} ${item.rule}`);
const serverError = json(500, { statusCode: 500, message: 'boom' });

describe('checkCase', () => {
  it.each([
    ['a request without a token', request({ kind: 'auth', auth: 'none' })],
    ['an invalid request', request({ kind: 'invalid', path: { id: 'x'.repeat(2000) }, breaks: { rule: 'maxLength', at: 'path.id' } })],
    ['a valid request', request({ kind: 'valid' })],
  ])('files a 500 to %s as not_a_server_error and nothing else, with the server message', (_name, requestCase) => {
    const found = checkCase(contract.validators, getTeam, requestCase, serverError);
    expect(labels(found)).toEqual(['not_a_server_error server-error']);
    expect(found[0]!.serverMessage).toBe('boom');
  });

  it('a request without a token: 2xx is ignored_auth; another refusal than 401 is the wrong status, not an accepted one', () => {
    const probe = request({ kind: 'auth', auth: 'none' });
    expect(labels(checkCase(contract.validators, getTeam, probe, json(200, { data: {} })))).toContain('ignored_auth unauthenticated-accepted');
    const notFound = labels(checkCase(contract.validators, getTeam, probe, json(404, { statusCode: 404, message: 'Team not found' })));
    expect(notFound).toContain('status_code_conformance unauthenticated-not-401');
    expect(notFound.some((label) => label.startsWith('ignored_auth'))).toBe(false);
  });

  it('an invalid request refused with the wrong 4xx is status_code_conformance, not an accepted one', () => {
    const invalid = request({ kind: 'invalid', path: { id: 'x' }, breaks: { rule: 'minLength', at: 'path.id' } });
    const found = labels(checkCase(contract.validators, getTeam, invalid, json(409, { statusCode: 409, message: 'conflict' })));
    expect(found).toContain('status_code_conformance invalid-wrong-status:minLength');
    expect(found.some((label) => label.startsWith('negative_data_rejection'))).toBe(false);
  });

  describe('a 422 naming a conflict on createSecretGroup', () => {
    const conflict = json(422, { statusCode: 422, message: 'A secret group named llm-keys-k3x9q2-1 already exists in tenant acme.', details: [{ path: 'name', rule: 'unique', message: 'already exists' }] });
    const body = { name: 'llm-keys-k3x9q2-1', integrationId: 'acme:aws:secrets-manager', secrets: [] };
    const create = (fields: Partial<RequestCase>) => request({ operationId: 'createSecretGroup', path: {}, body, ...fields });

    it('is a finding when the case made its unique values unique, with the server message beside the status', () => {
      const found = checkCase(contract.validators, createSecretGroup, create({ madeUnique: ['body.name'] }), conflict);
      expect(labels(found)).toEqual(['positive_data_acceptance valid-refused']);
      expect(found[0]!.message).toBe('a request whose unique values (body.name) were made unique for this run got 422');
      expect(found[0]!.serverMessage).toBe('A secret group named llm-keys-k3x9q2-1 already exists in tenant acme.');
    });

    it('is explained by the state, and no finding, when the case did not', () => {
      expect(checkCase(contract.validators, createSecretGroup, create({}), conflict)).toEqual([]);
    });
  });
});
