// verify(): asks an implementation the questions the contract implies and reports what it got wrong. Per operation
// it sends the documented examples, valid generated requests, requests that each break one rule and two
// authentication probes (generation/), checks every answer as the validation proxy does and against what the case
// must get (checking/), follows the spec's links, walks pages and deletes twice (flows/), shrinks each finding's
// first case (shrinking/) and builds the report (reporting/). Reproducible from the seed; the token is never output.
import type { Finding } from '../proxy/checking/checked-exchange.js';
import { createProvenanceCheck, type ProvenanceCheck } from '../proxy/provenance/provenance-check.js';
import type { MockOperation } from '../spec/operation-table.js';
import { deleteTwice } from './flows/use-after-delete.js';
import { followLinks, type FlowRun } from './flows/follow-links.js';
import { walkPages } from './flows/page-walk.js';
import { exampleCases } from './generation/valid-cases.js';
import { planCases } from './generation/case-plan.js';
import { curlLine } from './reporting/curl-line.js';
import { createPacer } from './running/pacer.js';
import { findingKey, groupedPath, runCase, type RanCase } from './running/run-case.js';
import type { Target } from './running/send-case.js';
import { shrinkCase, sizeOf } from './shrinking/shrink-case.js';
import { loadVerifyContract, type VerifyContract } from './verify-contract.js';
import { verifySettings, VerifyUsageError, type VerifyOptions, type VerifySettings } from './verify-options.js';
import type { CaseFinding, CaseKind, OperationReport, ReportedFinding, SkippedOperation, VerifyReport } from './verify-types.js';

/** The first case that showed a finding, and how often it was seen. */
interface FirstSeen {
  found: CaseFinding;
  ran: RanCase;
  occurrences: number;
}

export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  const settings = verifySettings(options);
  const started = performance.now();
  const contract = await loadVerifyContract(settings.spec);
  const { selected, skipped } = selectOperations(contract, settings);
  const target: Target = { baseUrl: settings.baseUrl, gatewayBaseUrl: settings.gatewayBaseUrl, token: settings.token, fetch: settings.fetch, timeoutMs: settings.timeoutMs };
  const pacer = createPacer(settings.concurrency, settings.rate);
  const pacedTarget: Target = { ...target, fetch: (input, init) => pacer.one(() => target.fetch(input, init)) };
  const provenance = createProvenanceCheck(contract.doc, contract.operations, contract.model);
  const seen = new Map<string, FirstSeen>();
  const operationReports = new Map<string, OperationReport>();
  const record = (ran: RanCase, extra: CaseFinding[] = []) => {
    tally(operationReports, ran);
    for (const found of [...ran.findings, ...extra]) note(seen, found, ran);
    if (provenance.hasMarkers) provenance.add(asExchange(ran));
  };

  const flows = settings.stateful ? await runFlows(contract, pacedTarget, selected) : [];
  for (const flow of flows) {
    for (const ran of flow.ran) record(ran, flow.findings.filter((item) => item.step === ran).map((item) => item.found));
  }
  for (const [index, op] of selected.entries()) {
    settings.onOperation?.(op.operationId, index, selected.length);
    const cases = planCases(contract, op, settings.seed, settings.cases);
    const ran = await pacer.all(cases.map((requestCase) => () => runCase(contract, target, op, requestCase)));
    for (const one of ran) record(one);
  }
  // Shrinking sends requests too: at the pace asked for.
  const findings = await reportFindings(contract, pacedTarget, settings, seen);
  const durationMs = Math.round(performance.now() - started);
  const operations = selected.map((op) => operationReports.get(op.operationId) ?? emptyReport(op.operationId));
  for (const report of operations) report.findings = findings.filter((found) => found.operationId === report.operationId).length;
  const caseCount = operations.reduce((sum, report) => sum + report.cases, 0);
  return {
    seed: settings.seed,
    settings: {
      baseUrl: withoutPassword(settings.baseUrl),
      gatewayBaseUrl: withoutPassword(settings.gatewayBaseUrl),
      cases: settings.cases,
      includeDestructive: settings.includeDestructive,
      stateful: settings.stateful,
      concurrency: settings.concurrency,
      rate: settings.rate,
    },
    totals: {
      operations: operations.length,
      cases: caseCount,
      findings: findings.length,
      durationMs,
      casesPerSecond: Math.round((caseCount / Math.max(durationMs, 1)) * 1000 * 10) / 10,
    },
    operations,
    skipped,
    findings,
    flows: flows.map((flow) => ({ name: flow.name, operationId: flow.operationId, steps: flow.ran.length, findings: flow.findings.length })),
    ...(provenance.hasMarkers && { provenance: provenance.entries() }),
  };
}

/** The operations to run, in spec order with the destructive ones last; the rest, when left out for safety, as skipped. */
function selectOperations(contract: VerifyContract, settings: VerifySettings): { selected: MockOperation[]; skipped: SkippedOperation[] } {
  const known = new Set(contract.operations.map((op) => op.operationId));
  const unknown = (settings.operations ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new VerifyUsageError('operations', `operations: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not an operation' : 'are not operations'} of the spec`);
  const wanted = contract.operations.filter((op) => settings.operations === undefined || settings.operations.includes(op.operationId));
  const isDestructive = (op: MockOperation) => contract.model.operation(op.operationId).destructive;
  const skipped = settings.includeDestructive
    ? []
    : wanted.filter(isDestructive).map((op) => ({ operationId: op.operationId, reason: 'destructive (x-destructive): run with --include-destructive' }));
  const selected = [...wanted.filter((op) => !isDestructive(op)), ...(settings.includeDestructive ? wanted.filter(isDestructive) : [])];
  return { selected, skipped };
}

/** Links between selected operations, pages of selected paginated operations, selected DELETEs twice. */
async function runFlows(contract: VerifyContract, target: Target, selected: MockOperation[]): Promise<FlowRun[]> {
  const isSelected = (op: MockOperation) => selected.includes(op);
  const flows = await followLinks(contract, target, isSelected);
  for (const op of selected) {
    if (op.pagination === undefined) continue;
    const start = exampleCases(contract, op)[0];
    if (start === undefined) continue;
    const name = `${op.operationId} pages to its end`;
    // Without the example's optional filters, so that the walk meets every item.
    const unfiltered = { ...start, query: requiredQuery(op, start.query) };
    const walked = await walkPages(contract, target, op, unfiltered, name);
    flows.push({ name, operationId: op.operationId, ran: walked.ran, findings: walked.findings });
  }
  for (const op of selected) {
    const flow = await deleteTwice(contract, target, op);
    if (flow !== undefined) flows.push(flow);
  }
  return flows;
}

/** A URL as the report shows it: a password it may carry replaced by `***`. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password === '') return url;
  parsed.password = '***';
  return parsed.toString();
}

function requiredQuery(op: MockOperation, query: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const param of op.parameters) {
    const value = query[param.name];
    if (param.in === 'query' && param.required && value !== undefined) kept[param.name] = value;
  }
  return kept;
}

function note(seen: Map<string, FirstSeen>, found: CaseFinding, ran: RanCase): void {
  const key = findingKey(found);
  const earlier = seen.get(key);
  if (earlier !== undefined) {
    earlier.occurrences += 1;
    return;
  }
  seen.set(key, { found: { ...found, path: groupedPath(found.path) }, ran, occurrences: 1 });
}

/** Each finding once, with its first case shrunk (flow steps are reported as sent: they depend on the steps before). */
async function reportFindings(contract: VerifyContract, target: Target, settings: VerifySettings, seen: Map<string, FirstSeen>): Promise<ReportedFinding[]> {
  const reported: ReportedFinding[] = [];
  for (const [key, { found, ran, occurrences }] of seen) {
    const { op } = ran;
    let request = ran.request;
    let status = ran.answer.status;
    let shrinking = { tries: 0, shrunk: false, fromSize: sizeOf(ran.request), toSize: sizeOf(ran.request) };
    if (ran.request.flow === undefined) {
      const stillFails = async (candidate: typeof request) => {
        const again = await runCase(contract, target, op, candidate);
        const fails = again.findings.some((other) => findingKey(other) === key);
        if (fails) status = again.answer.status;
        return fails;
      };
      const result = await shrinkCase(contract.validators, op, ran.request, stillFails);
      request = result.request;
      shrinking = { ...shrinking, tries: result.tries, shrunk: result.shrunk, toSize: sizeOf(result.request) };
    }
    const urls = { baseUrl: withoutPassword(settings.baseUrl), gatewayBaseUrl: withoutPassword(settings.gatewayBaseUrl) };
    reported.push({ ...found, occurrences, request, status, curl: curlLine(urls, op, request), shrinking });
  }
  return reported;
}

function tally(reports: Map<string, OperationReport>, ran: RanCase): void {
  let report = reports.get(ran.op.operationId);
  if (report === undefined) {
    report = emptyReport(ran.op.operationId);
    reports.set(ran.op.operationId, report);
  }
  report.cases += 1;
  report.kinds[ran.request.kind] += 1;
  const status = ran.answer.failure === undefined ? String(ran.answer.status) : 'no answer';
  report.statuses[status] = (report.statuses[status] ?? 0) + 1;
}

function emptyReport(operationId: string): OperationReport {
  const kinds: Record<CaseKind, number> = { example: 0, valid: 0, invalid: 0, auth: 0 };
  return { operationId, cases: 0, kinds, statuses: {}, findings: 0 };
}

/**
 * A case as the provenance check reads an exchange. An invalid request the implementation accepted contradicts the
 * rule it broke (a request finding at that place); one it refused confirms it. Authentication probes say nothing of
 * the marked facts and are left out.
 */
function asExchange(ran: RanCase): Parameters<ProvenanceCheck['add']>[0] {
  const findings: Finding[] = ran.findings
    .filter((found) => ['status_code_conformance', 'content_type_conformance', 'response_schema_conformance'].includes(found.check))
    .map((found) => ({ operationId: found.operationId, direction: 'response', path: found.path, rule: found.rule, message: found.message }));
  const accepted = ran.request.kind === 'invalid' && ran.answer.status < 300;
  if (accepted) findings.push({ operationId: ran.op.operationId, direction: 'request', path: ran.request.breaks!.at, rule: ran.request.breaks!.rule, message: 'accepted' });
  const isProbe = ran.request.kind === 'auth' || ran.answer.failure !== undefined;
  const status = isProbe ? 0 : ran.answer.status;
  return {
    operation: isProbe ? undefined : ran.op,
    method: ran.op.method.toUpperCase(),
    path: ran.op.path,
    query: new URLSearchParams(ran.request.query),
    requestHeaders: {},
    requestBody: ran.request.body === undefined ? { kind: 'none' } : { kind: 'json', value: ran.request.body },
    status,
    responseHeaders: ran.answer.headers,
    responseBody: ran.answer.body.kind === 'json' ? ran.answer.body : { kind: 'none' },
    findings,
    durationMs: 0,
  };
}
