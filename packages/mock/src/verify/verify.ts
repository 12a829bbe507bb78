// verify(): asks an implementation the questions the contract implies and reports what it got wrong. Per operation
// it sends the documented examples, valid generated requests, requests that each break one rule and two
// authentication probes (generation/), checks every answer as the validation proxy does and against what the case
// must get (checking/), follows the spec's links, walks pages and deletes twice (flows/), shrinks each finding's
// first case (shrinking/) and builds the report (reporting/). Reproducible from the seed; the token is never output.
import type { Finding } from '../conformance/checking/checked-exchange.js';
import { createProvenanceCheck, type ProvenanceCheck, type ProvenanceEntry } from '../conformance/provenance/provenance-check.js';
import { applicableChecks } from './checking/check-registry.js';
import { isStateRefusal, serverMessageOf } from './checking/server-message.js';
import { uniqueValueMaker, type MakeUnique } from './generation/unique-values.js';
import { preflight } from './running/preflight.js';
import type { MockOperation } from '../spec/operation-table.js';
import { deleteTwice } from './flows/use-after-delete.js';
import { followLinks, type FlowRun } from './flows/follow-links.js';
import { walkPages } from './flows/page-walk.js';
import { exampleCases } from './generation/valid-cases.js';
import { planCases } from './generation/case-plan.js';
import { curlLine } from './reporting/curl-line.js';
import { createPacer } from './running/pacer.js';
import { findingKey, groupedPath, runCase, type RanCase } from './running/run-case.js';
import { STOPPED, type Target } from './running/send-case.js';
import { DEFAULT_SHRINK_TRIES, shrinkCase, sizeOf } from './shrinking/shrink-case.js';
import { loadVerifyContract, type VerifyContract } from './verify-contract.js';
import { verifySettings, VerifyUsageError, type VerifyOptions, type VerifySettings } from './verify-options.js';
import type { CaseFinding, CaseKind, CheckName, FlowReport, OperationReport, ProvenanceVerdict, ReportedFinding, RunStop, SkippedOperation, VerifyReport } from './verify-types.js';

/** The first case that showed a finding, and how often it was seen. */
interface FirstSeen {
  found: CaseFinding;
  ran: RanCase;
  occurrences: number;
}

/** Statuses that refuse the caller's credential. */
const REFUSED_TOKEN: ReadonlySet<number> = new Set([401, 403]);

/** Cases in a row without an answer after which the target counts as gone: the run stops rather than file them. */
const NO_ANSWERS_TO_STOP = 3;

export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  return runVerify(verifySettings(options));
}

/** A run with settings already checked and settled (the command line's, whose flags were checked as read). */
export async function runVerify(settings: VerifySettings): Promise<VerifyReport> {
  const started = performance.now();
  const contract = await loadVerifyContract(settings.spec);
  const { selected, skipped } = selectOperations(contract, settings);
  // One stop for the run: Ctrl+C (the caller's signal) or a target that stopped answering. Requests in flight end.
  const stopper = new AbortController();
  let stopped: RunStop | undefined;
  const stop = (why: RunStop) => {
    stopped ??= why;
    stopper.abort();
  };
  const interrupt = () => stop({ reason: 'interrupted', message: 'the run was interrupted: the reports show what ran before' });
  if (settings.signal?.aborted === true) interrupt();
  settings.signal?.addEventListener('abort', interrupt, { once: true });
  let resent = 0;
  const onResend = () => (resent += 1);
  const target: Target = { baseUrl: settings.baseUrl, gatewayBaseUrl: settings.gatewayBaseUrl, token: settings.token, fetch: settings.fetch, timeoutMs: settings.timeoutMs, stop: stopper.signal, onResend };
  const pacer = createPacer(settings.concurrency, settings.rate);
  const pacedTarget: Target = { ...target, fetch: (input, init) => pacer.one(() => target.fetch(input, init)) };
  const provenance = createProvenanceCheck(contract);
  const samples = new Map<string, NonNullable<ProvenanceVerdict['sample']>>();
  const makeUnique = uniqueValueMaker(contract, settings.run);
  const seen = new Map<string, FirstSeen>();
  const operationReports = new Map<string, OperationReport>();
  let noAnswers = 0;
  // Whether any request with the token got another answer than a refusal of the caller (the preflight asks only
  // operations that read; a run of writes alone learns it here).
  let tokenTaken = false;
  const record = (ran: RanCase, extra: CaseFinding[] = []) => {
    // What was cut short by the stop is no answer of the target: not counted, not a finding.
    if (ran.answer.failure === STOPPED) return;
    noAnswers = ran.answer.failure === undefined ? 0 : noAnswers + 1;
    if (noAnswers >= NO_ANSWERS_TO_STOP) {
      stop({ reason: 'target-unreachable', message: `target unreachable: it stopped answering (${ran.answer.failure})` });
      return;
    }
    tally(operationReports, ran);
    if (ran.request.auth === 'token' && !REFUSED_TOKEN.has(ran.answer.status)) tokenTaken = true;
    for (const found of [...ran.findings, ...extra]) {
      if (settings.checks.includes(found.check)) note(seen, found, ran);
    }
    if (provenance.hasMarkers) addProvenance(provenance, samples, ran, settings);
  };

  const before = await preflight(contract, pacedTarget, selected);
  if (before !== undefined) stop(before);
  const flows = settings.stateful && stopped === undefined ? await runFlows(contract, pacedTarget, selected, settings.checks, makeUnique) : [];
  for (const flow of flows) {
    for (const ran of flow.ran) record(ran, flow.findings.filter((item) => item.step === ran).map((item) => item.found));
  }
  for (const [index, op] of selected.entries()) {
    if (stopped !== undefined) break;
    settings.onOperation?.(op.operationId, index, selected.length);
    // Made unique in plan order, so that `--seed S --run R` gives every case the same values at any concurrency.
    const cases = planCases(contract, op, settings.seed, settings.cases).map((requestCase) => makeUnique(op, requestCase));
    const ran = await pacer.all(cases.map((requestCase) => async () => (stopped === undefined ? runCase(contract, target, op, requestCase) : undefined)));
    for (const one of ran) if (one !== undefined) record(one);
  }
  const refusedEverywhere = stopped === undefined && !tokenTaken && operationReports.size > 0;
  if (refusedEverywhere) {
    const count = operationReports.size === 1 ? 'the operation run answered' : `all ${operationReports.size} operations run answered`;
    stop({ reason: 'token-refused', message: `the token was refused on every operation (${count} only 401 or 403)` });
  }
  // Shrinking sends requests too: at the pace asked for; never after a stop (a dead target shrinks nothing).
  const findings = await reportFindings(contract, pacedTarget, settings, seen, stopped === undefined ? makeUnique : undefined);
  settings.signal?.removeEventListener('abort', interrupt);
  const durationMs = Math.round(performance.now() - started);
  const operations = selected.filter((op) => stopped === undefined || operationReports.has(op.operationId)).map((op) => operationReports.get(op.operationId) ?? emptyReport(op.operationId));
  for (const report of operations) {
    report.findings = findings.filter((found) => found.operationId === report.operationId).length;
    report.checks = applicableChecks(contract, contract.operation(report.operationId), settings.checks);
  }
  const caseCount = operations.reduce((sum, report) => sum + report.cases, 0);
  return {
    seed: settings.seed,
    run: settings.run,
    checks: settings.checks,
    ...(stopped !== undefined && { stopped }),
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
      resent,
    },
    operations,
    skipped,
    findings,
    flows: flows.map(flowReport),
    ...(provenance.hasMarkers && { provenance: provenance.entries().map((entry) => withSample(entry, samples)) }),
  };
}

function flowReport(flow: FlowRun): FlowReport {
  const base = { name: flow.name, operationId: flow.operationId, steps: flow.ran.length, findings: flow.findings.length };
  if (flow.findings.length > 0) return { ...base, outcome: 'failed' };
  if (flow.skipped !== undefined) return { ...base, outcome: 'skipped', reason: flow.skipped };
  return { ...base, outcome: 'passed' };
}

/** The operations to run, in spec order with the destructive ones last; the rest, when left out for safety, as skipped. */
function selectOperations(contract: VerifyContract, settings: VerifySettings): { selected: MockOperation[]; skipped: SkippedOperation[] } {
  const known = new Set(contract.operations.map((op) => op.operationId));
  const unknown = (settings.operations ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new VerifyUsageError('operations', `operations: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not an operation' : 'are not operations'} of the spec`);
  const wanted = contract.operations.filter((op) => settings.operations === undefined || settings.operations.includes(op.operationId));
  const isDestructive = (op: MockOperation) => op.destructive;
  const skipped = settings.includeDestructive
    ? []
    : wanted.filter(isDestructive).map((op) => ({ operationId: op.operationId, reason: 'destructive (x-destructive): run with --include-destructive' }));
  const selected = [...wanted.filter((op) => !isDestructive(op)), ...(settings.includeDestructive ? wanted.filter(isDestructive) : [])];
  if (selected.length === 0) {
    const left = skipped.map((skip) => skip.operationId).join(', ');
    throw new VerifyUsageError('operations', `operations: nothing to run: ${left} ${skipped.length === 1 ? 'is' : 'are'} destructive (x-destructive); add --include-destructive to run ${skipped.length === 1 ? 'it' : 'them'}`);
  }
  return { selected, skipped };
}

/** Links between selected operations, pages of selected paginated operations, selected DELETEs twice: those whose checks were chosen. */
async function runFlows(contract: VerifyContract, target: Target, selected: MockOperation[], checks: readonly CheckName[], makeUnique: MakeUnique): Promise<FlowRun[]> {
  const isSelected = (op: MockOperation) => selected.includes(op);
  const wantsLinks = checks.includes('ensure_resource_availability') || checks.includes('read_back_equal');
  const flows = wantsLinks ? await followLinks(contract, target, isSelected, makeUnique) : [];
  for (const op of selected) {
    if (op.pagination === undefined || !checks.includes('pagination_ends') || target.stop?.aborted === true) continue;
    const name = `${op.operationId} pages to its end`;
    const start = exampleCases(contract, op)[0];
    if (start === undefined) {
      flows.push({ name, operationId: op.operationId, ran: [], findings: [], skipped: `${op.operationId} has no valid documented example to start from` });
      continue;
    }
    // Without the example's optional filters, so that the walk meets every item.
    const unfiltered = { ...start, query: requiredQuery(op, start.query) };
    const walked = await walkPages(contract, target, op, unfiltered, name);
    flows.push({ name, operationId: op.operationId, ran: walked.ran, findings: walked.findings, ...(walked.skipped !== undefined && { skipped: walked.skipped }) });
  }
  for (const op of selected) {
    if (!checks.includes('use_after_free') || target.stop?.aborted === true) continue;
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
async function reportFindings(contract: VerifyContract, target: Target, settings: VerifySettings, seen: Map<string, FirstSeen>, makeUnique: MakeUnique | undefined): Promise<ReportedFinding[]> {
  const reported: ReportedFinding[] = [];
  for (const [key, { found, ran, occurrences }] of seen) {
    const { op } = ran;
    let request = ran.request;
    let status = ran.answer.status;
    let shrinking = { tries: 0, shrunk: false, fromSize: sizeOf(ran.request), toSize: sizeOf(ran.request) };
    const shrinkable = ran.request.flow === undefined && makeUnique !== undefined && ran.answer.failure === undefined;
    if (shrinkable) {
      const stillFails = async (candidate: typeof request) => {
        const again = await runCase(contract, target, op, candidate);
        const fails = again.findings.some((other) => findingKey(other) === key);
        if (fails) status = again.answer.status;
        return fails;
      };
      const result = await shrinkCase(contract.validators, op, ran.request, stillFails, DEFAULT_SHRINK_TRIES, (candidate) => makeUnique(op, candidate));
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
  return { operationId, cases: 0, kinds, statuses: {}, findings: 0, checks: [] };
}

/** Adds a case to the provenance check, keeping for each marker the first case that contradicted it. */
function addProvenance(provenance: ProvenanceCheck, samples: Map<string, NonNullable<ProvenanceVerdict['sample']>>, ran: RanCase, settings: VerifySettings): void {
  const contradictedBefore = new Map(provenance.entries().map((entry) => [entryKey(entry), entry.contradictions]));
  provenance.add(asExchange(ran));
  for (const entry of provenance.entries()) {
    const key = entryKey(entry);
    const newlyContradicted = entry.contradictions > (contradictedBefore.get(key) ?? 0);
    if (!newlyContradicted || samples.has(key)) continue;
    const urls = { baseUrl: withoutPassword(settings.baseUrl), gatewayBaseUrl: withoutPassword(settings.gatewayBaseUrl) };
    const serverMessage = serverMessageOf(ran.answer);
    samples.set(key, { curl: curlLine(urls, ran.op, ran.request), status: ran.answer.status, ...(serverMessage !== undefined && { serverMessage }) });
  }
}

/** Rules of what a case's kind expects (check-case.ts), not of the answer's form: no marker speaks of them. */
function isExpectationRule(rule: string): boolean {
  return rule.startsWith('invalid-') || rule.startsWith('unauthenticated-') || rule === 'valid-refused';
}

function entryKey(entry: ProvenanceEntry): string {
  return `${entry.pointer} ${entry.operationId} ${entry.at}`;
}

function withSample(entry: ProvenanceEntry, samples: Map<string, NonNullable<ProvenanceVerdict['sample']>>): ProvenanceVerdict {
  const sample = entry.verdict === 'contradicted' ? samples.get(entryKey(entry)) : undefined;
  return sample === undefined ? entry : { ...entry, sample };
}

/**
 * A case as the provenance check reads an exchange. An invalid request carries the rule it broke as a request finding
 * at that place: accepted, it contradicts the rule; refused, it confirms it. Authentication probes say nothing of
 * the marked facts and are left out.
 */
function asExchange(ran: RanCase): Parameters<ProvenanceCheck['add']>[0] {
  const findings: Finding[] = ran.findings
    .filter((found) => ['status_code_conformance', 'content_type_conformance', 'response_schema_conformance'].includes(found.check) && !isExpectationRule(found.rule))
    .map((found) => ({ operationId: found.operationId, direction: 'response', path: found.path, rule: found.rule, message: found.message }));
  // The rule an invalid case breaks, as the proxy's request check would name it: refused, it confirms the rule.
  if (ran.request.kind === 'invalid') findings.push({ operationId: ran.op.operationId, direction: 'request', path: ran.request.breaks!.at, rule: ran.request.breaks!.rule, message: 'broken on purpose' });
  const isProbe = ran.request.kind === 'auth' || ran.answer.failure !== undefined;
  // A refusal the target's state explains (a record that does not exist, or already does) says nothing of the
  // request's rules: its request is left out, so no request marker is judged by it. Its answer still counts.
  const stateRefusal = isStateRefusal(ran.answer);
  const status = isProbe ? 0 : ran.answer.status;
  return {
    operation: isProbe ? undefined : ran.op,
    method: ran.op.method.toUpperCase(),
    path: ran.op.path,
    query: new URLSearchParams(stateRefusal ? {} : ran.request.query),
    requestHeaders: {},
    requestBody: ran.request.body === undefined || stateRefusal ? { kind: 'none' } : { kind: 'json', value: ran.request.body },
    status,
    responseHeaders: ran.answer.headers,
    responseBody: ran.answer.body.kind === 'json' ? ran.answer.body : { kind: 'none' },
    findings,
    durationMs: 0,
  };
}
