// Before a run: is anything testing anything? The target must answer at each base URL the selected operations use
// (asked with a request without a token, which changes nothing), and the token must be taken by at least one of
// the selected operations that only read (their first documented example). Otherwise the run would send every case
// and file the same non-answer or 401 as a contract finding of each operation.
import { isSafeMethod } from '@vendor/spec-model';
import type { MockOperation } from '../../spec/operation-table.js';
import { exampleCases } from '../generation/valid-cases.js';
import type { VerifyContract } from '../verify-contract.js';
import type { RunStop } from '../verify-types.js';
import { sendCase, type Target } from './send-case.js';

/** Statuses that refuse the caller's credential. */
const REFUSED_TOKEN: ReadonlySet<number> = new Set([401, 403]);

export async function preflight(contract: VerifyContract, target: Target, selected: readonly MockOperation[]): Promise<RunStop | undefined> {
  const firstOfEachSpace = new Map<string, { op: MockOperation; url: string }>();
  for (const op of selected) {
    const url = op.addressSpace === 'gateway' ? target.gatewayBaseUrl : target.baseUrl;
    if (!firstOfEachSpace.has(url) && exampleCases(contract, op)[0] !== undefined) firstOfEachSpace.set(url, { op, url });
  }
  for (const { op, url } of firstOfEachSpace.values()) {
    const probe = { ...exampleCases(contract, op)[0]!, auth: 'none' as const };
    const answer = await sendCase(target, op, probe);
    if (answer.failure !== undefined) return { reason: 'target-unreachable', message: `target unreachable: ${redacted(url)} gave ${answer.failure}` };
  }
  const readers = selected.filter((op) => isSafeMethod(op.method) && !op.destructive);
  const statuses: number[] = [];
  for (const op of readers) {
    const example = exampleCases(contract, op)[0];
    if (example === undefined) continue;
    const answer = await sendCase(target, op, example);
    if (answer.failure !== undefined) return { reason: 'target-unreachable', message: `target unreachable: ${op.operationId} gave ${answer.failure}` };
    statuses.push(answer.status);
    if (!REFUSED_TOKEN.has(answer.status)) return undefined;
  }
  if (statuses.length === 0) return undefined;
  return { reason: 'token-refused', message: `the token was refused on every operation (${statuses.length} read operations answered ${[...new Set(statuses)].join(' or ')})` };
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
