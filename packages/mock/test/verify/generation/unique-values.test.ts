// Values the contract marks unique (x-unique) are made unique per run and per request: cases, and every shrinking
// candidate, so that a run never meets a record of an earlier run nor of its own.
import { describe, expect, it } from 'vitest';
import { planCases } from '../../../src/verify/generation/case-plan.js';
import { uniqueValueMaker } from '../../../src/verify/generation/unique-values.js';
import { shrinkCase } from '../../../src/verify/shrinking/shrink-case.js';
import { loadVerifyContract } from '../../../src/verify/verify-contract.js';
import type { RequestCase } from '../../../src/verify/verify-types.js';

const contract = await loadVerifyContract(undefined);
const op = contract.operation('createSecretGroup');
const nameOf = (requestCase: RequestCase) => (requestCase.body as { name?: unknown } | undefined)?.name;

describe('unique values', () => {
  it('gives every case of a run its own name, with the run nonce, and keeps each case valid or breaking its one rule', () => {
    const makeUnique = uniqueValueMaker(contract, 'k3x9q2');
    const cases = planCases(contract, op, 5, 50).map((requestCase) => makeUnique(op, requestCase));
    const unique = cases.filter((requestCase) => requestCase.madeUnique !== undefined);
    expect(unique.length).toBeGreaterThan(20);
    const names = unique.map(nameOf);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/-k3x9q2-[a-z0-9]+$/);
    // An invalid case that breaks the name itself keeps the breaking value.
    const breaksName = cases.filter((requestCase) => requestCase.breaks?.at === 'body.name');
    for (const requestCase of breaksName) expect(requestCase.madeUnique).toBeUndefined();
  });

  it('is reproducible: the same run nonce gives the same names in the same order', () => {
    const names = (run: string) => {
      const makeUnique = uniqueValueMaker(contract, run);
      return planCases(contract, op, 5, 20).map((requestCase) => nameOf(makeUnique(op, requestCase)));
    };
    expect(names('k3x9q2')).toEqual(names('k3x9q2'));
    expect(names('k3x9q2')).not.toEqual(names('z7p0m1'));
  });

  it('gives every shrinking candidate a name of its own, none the name of the failing case', async () => {
    const makeUnique = uniqueValueMaker(contract, 'k3x9q2');
    const failing = makeUnique(op, planCases(contract, op, 5, 50).find((requestCase) => requestCase.kind === 'example')!);
    const tried: unknown[] = [];
    // Every candidate "still fails", so shrinking goes as far as it can.
    await shrinkCase(contract.validators, op, failing, async (candidate) => (tried.push(nameOf(candidate)), true), 30, (candidate) => makeUnique(op, candidate));
    const named = tried.filter((name) => typeof name === 'string');
    expect(named.length).toBeGreaterThan(2);
    expect(new Set([...named, nameOf(failing)]).size).toBe(named.length + 1);
    for (const name of named) expect(name).toMatch(/-k3x9q2-[a-z0-9]+$/);
  });
});
