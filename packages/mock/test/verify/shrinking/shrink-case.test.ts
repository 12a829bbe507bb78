// Shrinking keeps a case's kind: a valid case stays valid, an invalid one keeps breaking its one rule; it stops at
// its budget, and returns the failing case itself when nothing smaller still fails.
import { describe, expect, it } from 'vitest';
import { planCases } from '../../../src/verify/generation/case-plan.js';
import { violationsOf } from '../../../src/verify/generation/case-request.js';
import { shrinkCase, sizeOf } from '../../../src/verify/shrinking/shrink-case.js';
import { loadVerifyContract } from '../../../src/verify/verify-contract.js';

const contract = await loadVerifyContract(undefined);
const op = contract.operation('createSecretGroup');
const cases = planCases(contract, op, 7, 80);
const biggest = (kind: string) => cases.filter((c) => c.kind === kind).sort((a, b) => sizeOf(b) - sizeOf(a))[0]!;

describe('shrinkCase', () => {
  it('makes a valid case smaller while every candidate stays valid', async () => {
    const failing = biggest('valid');
    const tried: number[] = [];
    const result = await shrinkCase(contract.validators, op, failing, async (candidate) => {
      tried.push(violationsOf(contract.validators, op, candidate).length);
      return true;
    });
    expect(result.shrunk).toBe(true);
    expect(sizeOf(result.request)).toBeLessThan(sizeOf(failing));
    expect(tried.length).toBe(result.tries);
    expect(tried.every((violations) => violations === 0)).toBe(true);
  });

  it('keeps an invalid case breaking the same rule at the same place', async () => {
    const failing = biggest('invalid');
    const result = await shrinkCase(contract.validators, op, failing, async () => true);
    const violations = violationsOf(contract.validators, op, result.request);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.rule).toBe(failing.breaks!.rule);
  });

  it('returns the failing case when no smaller one still fails, within its budget of tries', async () => {
    const failing = biggest('valid');
    const unbounded = await shrinkCase(contract.validators, op, failing, async () => false);
    expect(unbounded).toEqual({ request: failing, tries: unbounded.tries, shrunk: false });
    expect(unbounded.tries).toBeGreaterThan(1);
    const bounded = await shrinkCase(contract.validators, op, failing, async () => false, 1);
    expect(bounded).toEqual({ request: failing, tries: 1, shrunk: false });
  });
});
