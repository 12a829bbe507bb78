// Stateful flows along the spec's OpenAPI links: the source operation is sent (its first documented example), and
// each link's target is sent with the values the link names from that answer. The target must answer with success
// (ensure_resource_availability); when the source wrote something, the target must read back every field the
// request set (read_back_equal). Targets that page are then walked to their end (page-walk.ts).
import { evaluateRuntimeExpression, isSafeMethod, type SpecLink } from '@vendor/spec-model';
import type { MockOperation } from '../../spec/operation-table.js';
import { finding } from '../checking/check-case.js';
import { answerText } from '../checking/server-message.js';
import { exampleCases, placeOf, wireText } from '../generation/valid-cases.js';
import { runCase, type RanCase } from '../running/run-case.js';
import type { Target } from '../running/send-case.js';
import type { VerifyContract } from '../verify-contract.js';
import type { CaseFinding, RequestCase } from '../verify-types.js';
import { walkPages } from './page-walk.js';
import { mismatchedFields } from './read-back.js';

export interface FlowRun {
  name: string;
  operationId: string;
  ran: RanCase[];
  /** findings of the flow itself (beside each step's own checks) */
  findings: Array<{ found: CaseFinding; step: RanCase }>;
  /** set when the flow could not run, with the reason: never reported as passed */
  skipped?: string;
}

/** Gives a flow's first request its run-unique values (generation/unique-values.ts). */
export type PrepareCase = (op: MockOperation, requestCase: RequestCase) => RequestCase;

export async function followLinks(contract: VerifyContract, target: Target, allowed: (op: MockOperation) => boolean, prepare: PrepareCase): Promise<FlowRun[]> {
  const flows: FlowRun[] = [];
  for (const source of contract.model.operations) {
    const sourceOp = contract.operation(source.operationId);
    if (!allowed(sourceOp)) continue;
    for (const response of source.responses) {
      for (const link of response.links) {
        const targetOp = contract.operation(link.operationId);
        if (!allowed(targetOp)) continue;
        flows.push(await followLink(contract, target, sourceOp, targetOp, link, prepare));
      }
    }
  }
  return flows;
}

async function followLink(contract: VerifyContract, target: Target, sourceOp: MockOperation, targetOp: MockOperation, link: SpecLink, prepare: PrepareCase): Promise<FlowRun> {
  const name = `${sourceOp.operationId} -> ${link.name} -> ${targetOp.operationId}`;
  const flow: FlowRun = { name, operationId: sourceOp.operationId, ran: [], findings: [] };
  const first = exampleCases(contract, sourceOp)[0];
  if (first === undefined) return { ...flow, skipped: `${sourceOp.operationId} has no valid documented example to start from` };
  const sourceCase: RequestCase = prepare(sourceOp, { ...first, flow: name });
  const sent = await runCase(contract, target, sourceOp, sourceCase);
  flow.ran.push(sent);
  const sourceAnswered = sent.answer.status >= 200 && sent.answer.status < 300 && sent.answer.body.kind === 'json';
  if (!sourceAnswered) return { ...flow, skipped: `no link target: ${sourceOp.operationId} got ${answerText(sent.answer)}` };
  const targetCase = linkedCase(contract, targetOp, link, sent, name);
  if (targetCase === undefined) {
    flow.findings.push({ found: finding(sourceOp, 'ensure_resource_availability', 'link-value-missing', `links.${link.name}`, `the answer has no value for link ${link.name}`), step: sent });
    return flow;
  }
  const read = await runCase(contract, target, targetOp, targetCase);
  flow.ran.push(read);
  const available = read.answer.status >= 200 && read.answer.status < 300;
  if (!available) {
    const message = `${targetOp.operationId} got ${read.answer.status} for what ${sourceOp.operationId} just answered with`;
    flow.findings.push({ found: finding(targetOp, 'ensure_resource_availability', 'linked-not-found', 'status', message), step: read });
    return flow;
  }
  const wrote = !isSafeMethod(sourceOp.method) && isSafeMethod(targetOp.method) && read.answer.body.kind === 'json';
  if (wrote) {
    for (const field of mismatchedFields(sourceCase.body, read.answer.body.kind === 'json' ? read.answer.body.value : undefined)) {
      flow.findings.push({ found: finding(targetOp, 'read_back_equal', 'read-back-differs', field, `${field} reads back different from what ${sourceOp.operationId} set`), step: read });
    }
  }
  if (targetOp.pagination !== undefined) {
    const walked = await walkPages(contract, target, targetOp, targetCase, name);
    flow.ran.push(...walked.ran);
    flow.findings.push(...walked.findings);
    if (walked.skipped !== undefined) flow.skipped = walked.skipped;
  }
  return flow;
}

/** The target's request: its parameters' examples, with the link's values in place. */
function linkedCase(contract: VerifyContract, targetOp: MockOperation, link: SpecLink, sent: RanCase, flow: string): RequestCase | undefined {
  const base = exampleCases(contract, targetOp)[0] ?? { operationId: targetOp.operationId, kind: 'example', auth: 'token', path: {}, query: {}, headers: {} };
  const requestCase: RequestCase = { ...structuredClone(base), kind: 'example', flow };
  const source = {
    request: { path: sent.request.path, query: sent.request.query, headers: sent.request.headers, body: sent.request.body },
    response: { status: sent.answer.status, headers: sent.answer.headers, body: sent.answer.body.kind === 'json' ? sent.answer.body.value : undefined },
  };
  for (const [name, expression] of Object.entries(link.parameters)) {
    const param = targetOp.parameters.find((candidate) => candidate.name === name);
    const value = evaluateRuntimeExpression(expression, source);
    if (param === undefined || value === undefined || value === null) return undefined;
    placeOf(requestCase, param)[name] = wireText(value);
  }
  // Other optional filters of the target's example would narrow what the link names: only the link's values stay.
  for (const param of targetOp.parameters) {
    const setByLink = param.name in link.parameters;
    if (!setByLink && !param.required && param.in === 'query') delete requestCase.query[param.name];
  }
  if (link.requestBody !== undefined) requestCase.body = evaluateRuntimeExpression(link.requestBody, source);
  return requestCase;
}
