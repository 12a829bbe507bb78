// The cases of one operation, reproducible from the run's seed: its documented examples, two authentication
// probes (when it requires a credential), requests that each break one rule, and valid generated requests up to
// the number asked for.
import { seededRandom } from '../../random/seeded-random.js';
import type { MockOperation } from '../../spec/operation-table.js';
import type { VerifyContract } from '../verify-contract.js';
import type { RequestCase } from '../verify-types.js';
import { invalidCases } from './invalid-cases.js';
import { exampleCases, validCase } from './valid-cases.js';

/** How many generated requests lend their shape to invalid cases, beside the examples. */
const INVALID_BASES = 4;

export function planCases(contract: VerifyContract, op: MockOperation, seed: number, count: number): RequestCase[] {
  const caseSeed = (n: number | string) => `${seed}:${op.operationId}:${n}`;
  const examples = exampleCases(contract, op);
  const generated: RequestCase[] = [];
  for (let n = 0; generated.length < count && n < count * 2; n++) {
    const found = validCase(contract, op, caseSeed(n));
    if (found !== undefined) generated.push(found);
  }
  const bases = [...examples, ...generated.slice(0, INVALID_BASES)];
  const authBase = bases[0] ?? generated[0];
  // Only an operation that requires a credential promises 401 without one (the spec model's `secured`).
  const isSecured = op.secured;
  const auth = authBase === undefined || !isSecured ? [] : authCases(authBase);
  const invalid = shuffled(uniqueBreaks(bases.flatMap((base) => invalidCases(contract, op, base))), caseSeed('invalid'));
  const room = Math.max(0, count - examples.length - auth.length);
  const invalidShare = invalid.slice(0, Math.ceil(room / 2));
  const validShare = generated.slice(0, room - invalidShare.length);
  const cases = [...examples, ...auth, ...invalidShare, ...validShare];
  // Too few distinct generated requests (a small request space): the examples again, so every operation gets `count`.
  for (let n = 0; cases.length < count && bases.length > 0; n++) cases.push({ ...structuredClone(bases[n % bases.length]!), kind: 'valid' });
  return cases;
}

function authCases(base: RequestCase): RequestCase[] {
  return [
    { ...structuredClone(base), kind: 'auth', auth: 'none' },
    { ...structuredClone(base), kind: 'auth', auth: 'malformed' },
  ];
}

function uniqueBreaks(cases: RequestCase[]): RequestCase[] {
  const seen = new Set<string>();
  return cases.filter((requestCase) => {
    const key = `${requestCase.breaks!.rule} ${requestCase.breaks!.at}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A seeded shuffle (Fisher-Yates), so that a small --cases still samples every kind of break. */
function shuffled<T>(items: T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
