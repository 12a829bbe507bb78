// A deleted record answers 404: each DELETE operation (run only with --include-destructive) is sent twice with its
// documented example; after a first success the second must answer 404 (use_after_free), where the operation
// documents 404. When the first delete finds nothing to delete, the flow is skipped with that reason.
import { responseFor } from '@vendor/spec-model';
import type { MockOperation } from '../../spec/operation-table.js';
import { finding } from '../checking/check-case.js';
import { exampleCases } from '../generation/valid-cases.js';
import { runCase } from '../running/run-case.js';
import type { Target } from '../running/send-case.js';
import type { VerifyContract } from '../verify-contract.js';
import { answerText } from '../checking/server-message.js';
import type { FlowRun } from './follow-links.js';

const NOT_FOUND = 404;

export async function deleteTwice(contract: VerifyContract, target: Target, op: MockOperation): Promise<FlowRun | undefined> {
  const documentsNotFound = responseFor(op, NOT_FOUND)?.status === String(NOT_FOUND);
  const example = exampleCases(contract, op)[0];
  if (op.method !== 'delete' || !documentsNotFound || example === undefined) return undefined;
  const name = `${op.operationId} twice: the deleted record is gone`;
  const flow: FlowRun = { name, operationId: op.operationId, ran: [], findings: [] };
  const first = await runCase(contract, target, op, { ...example, flow: name });
  flow.ran.push(first);
  // Nothing was deleted (a record deleted by an earlier run, say): the flow could not run, which is not a pass.
  if (first.answer.status < 200 || first.answer.status >= 300) return { ...flow, skipped: `nothing to delete: the first ${op.operationId} got ${answerText(first.answer)}` };
  const again = await runCase(contract, target, op, { ...structuredClone(example), flow: name });
  flow.ran.push(again);
  if (again.answer.status !== NOT_FOUND) {
    flow.findings.push({ found: finding(op, 'use_after_free', 'deleted-still-answers', 'status', `a second ${op.operationId} of the deleted record got ${again.answer.status}, not 404`), step: again });
  }
  return flow;
}
