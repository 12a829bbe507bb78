// A finding's curl line can be pasted into a POSIX shell: the token stays a variable, everything else is quoted.
import { describe, expect, it } from 'vitest';
import { curlLine } from '../../../src/verify/reporting/curl-line.js';
import { loadVerifyContract } from '../../../src/verify/verify-contract.js';
import type { RequestCase } from '../../../src/verify/verify-types.js';

const contract = await loadVerifyContract(undefined);
const op = contract.operation('createSecretGroup');
const urls = { baseUrl: 'http://127.0.0.1:4010/', gatewayBaseUrl: 'http://127.0.0.1:4011' };

const requestCase = (overrides: Partial<RequestCase>): RequestCase => ({
  operationId: op.operationId,
  kind: 'valid',
  auth: 'token',
  path: {},
  query: {},
  headers: {},
  ...overrides,
});

describe('curlLine', () => {
  it('names the token as $VENDOR_API_TOKEN and quotes a body with a single quote in it', () => {
    const line = curlLine(urls, op, requestCase({ body: { name: "ada's" }, headers: { 'x-trace': 'a b' } }));
    expect(line).toContain(`-H "Authorization: Bearer $VENDOR_API_TOKEN"`);
    expect(line).toContain(`-H 'x-trace: a b'`);
    expect(line).toContain(`--data '{"name":"ada'\\''s"}'`);
    expect(line.startsWith(`curl -sS -X ${op.method.toUpperCase()} 'http://127.0.0.1:4010/`)).toBe(true);
  });

  it('sends no Authorization header for a case without a token', () => {
    expect(curlLine(urls, op, requestCase({ auth: 'none' }))).not.toContain('Authorization');
  });
});
