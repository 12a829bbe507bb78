// What the validation proxy saw, summed up: per operation its calls, the statuses it answered and its findings
// (counted by direction, place and rule, with one redacted sample each); the paths the spec does not have; and
// whether the traffic agreed with the spec's marked, gap-filled facts. json() for files and tools, markdown() for
// stderr on shutdown. Pure: no Node built-ins, no I/O.
import type { ContractTables } from '../../contract/contract.js';
import type { CheckedExchange, Finding } from '../../conformance/checking/checked-exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';
import { createProvenanceCheck, type ProvenanceCheck, type ProvenanceEntry } from '../../conformance/provenance/provenance-check.js';
import { aggregatePathText } from '../../conformance/provenance/provenance-paths.js';
import { renderMarkdown } from './report-markdown.js';
import { sampleOf } from './report-sample.js';
import type { FindingSummary, OperationReport, ProvenanceReport, ProxyAnswerCounts, ProxyReport, StatusCounts, UnknownOperationReport } from './report-types.js';

export type { FindingSample } from './report-sample.js';
export type { ProvenanceEntry } from '../../conformance/provenance/provenance-check.js';
export type { FindingSummary, OperationReport, ProvenanceReport, ProxyAnswerCounts, ProxyReport, StatusCounts, UnknownOperationReport } from './report-types.js';

export interface ProxyReportBuilder {
  add(exchange: CheckedExchange): void;
  json(): ProxyReport;
  markdown(): string;
}

/** A proxy scanned by a crawler meets endless unknown paths; past this many the report only counts them. */
export const MAX_UNKNOWN_PATHS = 200;

/** What the report keeps of one operation while exchanges arrive. */
interface OperationTally {
  calls: number;
  statuses: StatusCounts;
  proxyAnswers: ProxyAnswerCounts;
  findings: Map<string, FindingSummary>;
}

/** `contract` is the one the proxy loaded (contract/): its model and operation table, never one of its own. */
export function createProxyReport(contract: ContractTables): ProxyReportBuilder {
  const { operations } = contract;
  const provenance = createProvenanceCheck(contract);
  const byOperation = new Map<string, OperationTally>();
  const unknown = new Map<string, UnknownOperationReport>();
  const totals = { exchanges: 0, findings: 0, unknownExchanges: 0, unknownNotListed: 0 };

  const addUnknown = (exchange: CheckedExchange) => {
    totals.unknownExchanges += 1;
    const method = exchange.method.toUpperCase();
    const key = `${method} ${exchange.path}`;
    let entry = unknown.get(key);
    if (entry === undefined) {
      if (unknown.size >= MAX_UNKNOWN_PATHS) {
        totals.unknownNotListed += 1;
        return;
      }
      entry = { method, path: exchange.path, calls: 0, statuses: {}, proxyAnswers: {} };
      unknown.set(key, entry);
    }
    entry.calls += 1;
    countStatus(entry.statuses, exchange.status);
    countProxyAnswer(entry.proxyAnswers, exchange);
  };

  const json = (): ProxyReport => ({
    totals: { ...totals },
    operations: operationReports(operations, byOperation),
    notCalled: operations.filter((operation) => !byOperation.has(operation.operationId)).map((operation) => operation.operationId),
    unknownOperations: [...unknown.values()].map(copyUnknown).sort(byCallsThenPath),
    provenance: provenanceReport(provenance),
  });

  return {
    add(exchange) {
      totals.exchanges += 1;
      totals.findings += exchange.findings.length;
      provenance.add(exchange);
      if (exchange.operation === undefined) {
        addUnknown(exchange);
        return;
      }
      addToOperation(tallyOf(byOperation, exchange.operation.operationId), exchange);
    },
    json,
    markdown: () => renderMarkdown(json()),
  };
}

function tallyOf(tallies: Map<string, OperationTally>, operationId: string): OperationTally {
  let tally = tallies.get(operationId);
  if (tally === undefined) {
    tally = { calls: 0, statuses: {}, proxyAnswers: {}, findings: new Map() };
    tallies.set(operationId, tally);
  }
  return tally;
}

function addToOperation(tally: OperationTally, exchange: CheckedExchange): void {
  tally.calls += 1;
  countStatus(tally.statuses, exchange.status);
  countProxyAnswer(tally.proxyAnswers, exchange);
  for (const finding of exchange.findings) addFinding(tally.findings, finding, exchange);
}

function countStatus(statuses: StatusCounts, status: number): void {
  const key = String(status);
  statuses[key] = (statuses[key] ?? 0) + 1;
}

function countProxyAnswer(answers: ProxyAnswerCounts, exchange: CheckedExchange): void {
  if (exchange.proxyAnswer === undefined) return;
  const { reason } = exchange.proxyAnswer;
  answers[reason] = (answers[reason] ?? 0) + 1;
}

/** The sample is taken (and redacted) once, from the first finding of its kind. */
function addFinding(findings: Map<string, FindingSummary>, finding: Finding, exchange: CheckedExchange): void {
  const path = aggregatePathText(finding.path);
  const key = `${finding.direction}\u0000${path}\u0000${finding.rule}`;
  const summary = findings.get(key);
  if (summary !== undefined) {
    summary.count += 1;
    return;
  }
  findings.set(key, { direction: finding.direction, path, rule: finding.rule, count: 1, sample: sampleOf(finding, exchange) });
}

function operationReports(operations: readonly MockOperation[], tallies: ReadonlyMap<string, OperationTally>): OperationReport[] {
  const reports: OperationReport[] = [];
  for (const operation of operations) {
    const tally = tallies.get(operation.operationId);
    if (tally === undefined) continue;
    reports.push({
      operationId: operation.operationId,
      method: operation.method.toUpperCase(),
      path: operation.path,
      calls: tally.calls,
      statuses: sortedStatuses(tally.statuses),
      proxyAnswers: { ...tally.proxyAnswers },
      findings: [...tally.findings.values()].map(copySummary).sort(byCountThenPath),
    });
  }
  return reports;
}

/** Copies, so that a report handed out does not change as exchanges keep arriving. */
function copySummary(summary: FindingSummary): FindingSummary {
  return { ...summary, sample: { ...summary.sample } };
}

function copyUnknown(entry: UnknownOperationReport): UnknownOperationReport {
  return { ...entry, statuses: sortedStatuses(entry.statuses), proxyAnswers: { ...entry.proxyAnswers } };
}

/** Status keys are integer-like, which JavaScript already orders ascending; the copy makes that explicit. */
function sortedStatuses(statuses: StatusCounts): StatusCounts {
  const keys = Object.keys(statuses).sort((a, b) => Number(a) - Number(b));
  return Object.fromEntries(keys.map((key) => [key, statuses[key]!]));
}

function byCountThenPath(a: FindingSummary, b: FindingSummary): number {
  if (a.count !== b.count) return b.count - a.count;
  return compareTexts([a.path, a.direction, a.rule], [b.path, b.direction, b.rule]);
}

function byCallsThenPath(a: UnknownOperationReport, b: UnknownOperationReport): number {
  if (a.calls !== b.calls) return b.calls - a.calls;
  return compareTexts([a.path, a.method], [b.path, b.method]);
}

/** The first pair that differs decides, in code-unit order (not the locale's: the same on every machine). */
function compareTexts(left: readonly string[], right: readonly string[]): number {
  for (let i = 0; i < left.length; i += 1) {
    const a = left[i]!;
    const b = right[i]!;
    if (a < b) return -1;
    if (a > b) return 1;
  }
  return 0;
}

function provenanceReport(check: ProvenanceCheck): ProvenanceReport {
  const entries = check.entries();
  const exercised = new Set(entries.map((entry) => entry.pointer));
  const uncheckable = check.uncheckable.map((marker) => marker.pointer);
  const checkable = uniquePointers(check.markers.map((marker) => marker.pointer)).filter((pointer) => !uncheckable.includes(pointer));
  const report: ProvenanceReport = {
    hasMarkers: check.hasMarkers,
    markers: check.markers.length,
    notExercised: checkable.filter((pointer) => !exercised.has(pointer)).length,
    uncheckable,
    confirmed: entries.filter((entry) => entry.verdict === 'confirmed').length,
    contradicted: entries.filter((entry) => entry.verdict === 'contradicted').length,
    entries,
  };
  if (!check.hasMarkers) report.message = 'no provenance markers in this spec';
  return report;
}

function uniquePointers(pointers: readonly string[]): string[] {
  return [...new Set(pointers)];
}
