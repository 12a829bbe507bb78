// format: email as RFC 5321 writes it, wherever the mock checks one: the generated (standalone) validators the
// published bundle uses, the validators compiled at run time for another spec, the stateless mock and the sandbox
// answering a request, and verify's generated requests. `ada@dev` and `"a b"@example.com` pass; `ada@` and `@dev` fail.
import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '@vendor/spec-model';
import { createMockFetch } from '../../src/fetch.js';
import { readOperations } from '../../src/spec/operation-table.js';
import { compileValidators, loadSchemaValidators } from '../../src/validation/runtime-validators.js';
import { bodyKey } from '../../src/validation/validator-keys.js';
import { planCases } from '../../src/verify/generation/case-plan.js';
import { loadVerifyContract } from '../../src/verify/verify-contract.js';
import { loadBundle, loadModel } from '../helpers/spec.js';

const VALID = ['ada@dev', '"a b"@example.com'];
const INVALID = ['ada@', '@dev'];
const doc = loadBundle();
const operations = readOperations(loadModel(doc));
const changePassword = operations.find((op) => op.operationId === 'changePassword')!;
const body = (loginId: string) => ({ loginId, oldPassword: 'old-password-1', newPassword: 'new-password-1' });

describe('format: email in the validators', () => {
  it.each([
    ['generated', () => loadSchemaValidators(doc, operations)],
    ['compiled at run time', () => compileValidators(doc, operations)],
  ] as const)('%s: takes ada@dev and "a b"@example.com, refuses ada@ and @dev', async (_name, load) => {
    const validators = await load();
    const validate = validators.get(bodyKey(changePassword))!;
    for (const loginId of VALID) expect(validate(body(loginId)), loginId).toBe(true);
    for (const loginId of INVALID) expect(validate(body(loginId)), loginId).toBe(false);
  });
});

describe('format: email in answers', () => {
  const send = (mock: typeof fetch, token: string, loginId: string) =>
    mock('http://mock.test/api/svc/v1/users/change-password', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body(loginId)) });

  it.each([
    ['the stateless mock', async () => ({ mock: createMockFetch({ onWarning: () => {} }) as typeof fetch, token: 'any' })],
    [
      'the sandbox',
      async () => {
        const sandbox = createMockFetch({ sandbox: {}, onWarning: () => {} });
        return { mock: sandbox as typeof fetch, token: await sandbox.token('acme') };
      },
    ],
  ] as const)('%s answers no format error for ada@dev and "a b"@example.com, 400 for ada@ and @dev', async (_name, start) => {
    const { mock, token } = await start();
    for (const loginId of VALID) {
      const answer = await send(mock, token, loginId);
      const text = await answer.text();
      expect(text, loginId).not.toContain('format');
      expect(answer.status, `${loginId}: ${text}`).not.toBe(400);
    }
    for (const loginId of INVALID) {
      const answer = await send(mock, token, loginId);
      expect(answer.status, loginId).toBe(400);
      expect(await answer.text()).toContain('email');
    }
  });
});

describe("format: email in verify's generator", () => {
  it('generates valid requests whose e-mail addresses pass, and an invalid one that breaks the format', async () => {
    const contract = await loadVerifyContract(undefined);
    const cases = planCases(contract, contract.operation('changePassword'), 11, 50);
    const valid = cases.filter((requestCase) => requestCase.kind !== 'invalid' && requestCase.kind !== 'auth' && requestCase.body !== undefined);
    expect(valid.length).toBeGreaterThan(5);
    for (const requestCase of valid) expect(isEmailAddress((requestCase.body as { loginId: string }).loginId), JSON.stringify(requestCase.body)).toBe(true);
    expect(cases.some((requestCase) => requestCase.breaks?.rule === 'format' && requestCase.breaks.at === 'body.loginId')).toBe(true);
  });
});
