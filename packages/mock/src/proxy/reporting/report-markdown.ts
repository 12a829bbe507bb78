// The proxy report as a short Markdown summary, written to stderr when the proxy shuts down. The JSON report holds
// everything; this keeps what a reader scans for: operations with findings, unknown paths, provenance verdicts.
import type { FindingSummary, OperationReport, ProvenanceReport, ProxyAnswerCounts, ProxyReport, StatusCounts, UnknownOperationReport } from './report-types.js';
import type { ProvenanceEntry } from '../../conformance/provenance/provenance-check.js';

/** Rows shown per table (and confirmed verdicts listed); the rest is counted, and left to the JSON report. */
const MAX_ROWS = 10;
const MAX_CONFIRMED = 20;

export function renderMarkdown(report: ProxyReport): string {
  const lines = [`# API proxy report`, '', totalsLine(report)];
  lines.push(...operationSections(report.operations));
  lines.push(...unknownSection(report.unknownOperations, report.totals.unknownNotListed));
  lines.push(...provenanceSection(report.provenance));
  return `${lines.join('\n')}\n`;
}

function totalsLine(report: ProxyReport): string {
  const { totals } = report;
  const called = `${report.operations.length} operation${plural(report.operations.length)} called`;
  return `${totals.exchanges} exchange${plural(totals.exchanges)}, ${totals.findings} finding${plural(totals.findings)}; ${called}, ${totals.unknownExchanges} exchange${plural(totals.unknownExchanges)} on unknown paths.`;
}

function operationSections(operations: readonly OperationReport[]): string[] {
  const lines: string[] = [];
  const clean: string[] = [];
  for (const operation of operations) {
    if (operation.findings.length === 0) clean.push(`${operation.operationId} (${callsText(operation)})`);
    else lines.push('', ...operationTable(operation));
  }
  if (clean.length > 0) lines.push('', `Without findings: ${clean.join(', ')}.`);
  return lines;
}

function operationTable(operation: OperationReport): string[] {
  const lines = [
    `## ${operation.operationId}: ${operation.method} ${operation.path}`,
    '',
    `${callsText(operation)}.`,
    '',
    '| count | direction | path | rule | sample |',
    '|---:|---|---|---|---|',
  ];
  for (const finding of operation.findings.slice(0, MAX_ROWS)) lines.push(findingRow(finding));
  const more = operation.findings.length - MAX_ROWS;
  if (more > 0) lines.push('', `... and ${more} more kind${plural(more)} of finding in the JSON report.`);
  return lines;
}

function findingRow(finding: FindingSummary): string {
  const { sample } = finding;
  const excerpt = sample.excerpt === undefined ? '' : ` (got ${sample.excerpt})`;
  const cells = [String(finding.count), finding.direction, code(finding.path), finding.rule, `${sample.status}: ${sample.message}${excerpt}`];
  return `| ${cells.map(cell).join(' | ')} |`;
}

function unknownSection(unknown: readonly UnknownOperationReport[], notListed: number): string[] {
  if (unknown.length === 0) return [];
  const lines = ['', '## Unknown operations', '', '| method | path | calls | statuses |', '|---|---|---:|---|'];
  for (const entry of unknown.slice(0, MAX_ROWS)) {
    const statuses = `${statusesText(entry.statuses)}${proxyAnswersText(entry.proxyAnswers)}`;
    lines.push(`| ${[entry.method, code(entry.path), String(entry.calls), statuses].map(cell).join(' | ')} |`);
  }
  const more = unknown.length - MAX_ROWS + notListed;
  if (more > 0) lines.push('', `... and ${more} more unknown path${plural(more)}.`);
  return lines;
}

function provenanceSection(provenance: ProvenanceReport): string[] {
  const lines = ['', '## Provenance', ''];
  if (!provenance.hasMarkers) return [...lines, `${provenance.message ?? 'no provenance markers in this spec'}.`];
  lines.push(provenanceTotals(provenance));
  const contradicted = provenance.entries.filter((entry) => entry.verdict === 'contradicted');
  const confirmed = provenance.entries.filter((entry) => entry.verdict === 'confirmed');
  if (contradicted.length > 0) lines.push('', ...contradicted.map(verdictLine));
  if (confirmed.length > 0) lines.push('', ...confirmed.slice(0, MAX_CONFIRMED).map(verdictLine));
  const more = confirmed.length - MAX_CONFIRMED;
  if (more > 0) lines.push(`- ... and ${more} more confirmed in the JSON report`);
  return lines;
}

function provenanceTotals(provenance: ProvenanceReport): string {
  const exercised = provenance.confirmed + provenance.contradicted;
  return [
    `${provenance.markers} marker${plural(provenance.markers)}`,
    `${exercised} exercised element${plural(exercised)}: ${provenance.contradicted} contradicted, ${provenance.confirmed} confirmed`,
    `${provenance.notExercised} marker${plural(provenance.notExercised)} not exercised yet`,
    `${provenance.uncheckable.length} not checkable from traffic.`,
  ].join('; ');
}

/** `- contradicted: assumption #/components/responses/X, getTeam response 401 (status): 2 of 5 exchanges, rule type` */
function verdictLine(entry: ProvenanceEntry): string {
  const head = `- ${entry.verdict}: ${entry.provenance} \`${entry.pointer}\`, ${entry.operationId} ${whereText(entry)} (${entry.element})`;
  if (entry.verdict === 'confirmed') return `${head}: seen in ${entry.seen} exchange${plural(entry.seen)}${refusedText(entry)}`;
  return `${head}: ${entry.contradictions} of ${entry.seen} exchange${plural(entry.seen)}, rule ${entry.rule ?? '?'}`;
}

/** `, 1 request breaking it refused by the upstream`: the service enforces the rule. */
function refusedText(entry: ProvenanceEntry): string {
  if (entry.refused === undefined) return '';
  return `, ${entry.refused} request${plural(entry.refused)} breaking it refused by the upstream`;
}

function whereText(entry: ProvenanceEntry): string {
  if (entry.element === 'status') return `response ${entry.at}`;
  if (entry.status !== undefined) return `response ${entry.status} \`${entry.at}\``;
  return `${entry.direction} \`${entry.at}\``;
}

function callsText(operation: OperationReport): string {
  const { calls } = operation;
  return `${calls} call${plural(calls)}: ${statusesText(operation.statuses)}${proxyAnswersText(operation.proxyAnswers)}`;
}

/** `; the proxy answered 2 (invalid-response ×2)`, or nothing when every answer was the upstream's. */
function proxyAnswersText(answers: ProxyAnswerCounts): string {
  const entries = Object.entries(answers);
  if (entries.length === 0) return '';
  const total = entries.reduce((sum, [, count]) => sum + (count ?? 0), 0);
  const reasons = entries.map(([reason, count]) => `${reason} ×${count}`).join(', ');
  return `; the proxy answered ${total} itself (${reasons})`;
}

function statusesText(statuses: StatusCounts): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${status} ×${count}`)
    .join(', ');
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A table cell: a pipe would end it and a line break would end the row. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

function plural(count: number): string {
  if (count === 1) return '';
  return 's';
}
