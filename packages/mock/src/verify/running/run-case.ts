// One case, sent and checked: what the run records of it. The run's tally (statuses, findings, the first failing
// case of each finding) reads only this.
import type { MockOperation } from '../../spec/operation-table.js';
import { checkCase } from '../checking/check-case.js';
import type { VerifyContract } from '../verify-contract.js';
import type { CaseAnswer, CaseFinding, RequestCase } from '../verify-types.js';
import { sendCase, type Target } from './send-case.js';

export interface RanCase {
  op: MockOperation;
  request: RequestCase;
  answer: CaseAnswer;
  findings: CaseFinding[];
}

export async function runCase(contract: VerifyContract, target: Target, op: MockOperation, request: RequestCase): Promise<RanCase> {
  const answer = await sendCase(target, op, request);
  return { op, request, answer, findings: checkCase(contract.validators, op, request, answer) };
}

/** A finding's identity in the report: operation, check, rule and path (any array index counted as one). */
export function findingKey(found: CaseFinding): string {
  return `${found.operationId} ${found.check} ${found.rule} ${groupedPath(found.path)}`;
}

/** `body.servers[2].name` -> `body.servers[].name`: the same rule broken in any item of an array is one finding. */
export function groupedPath(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}
