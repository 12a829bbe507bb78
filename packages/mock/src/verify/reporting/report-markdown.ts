// The report as Markdown for stdout: totals, per operation the cases run, statuses seen and findings, the skipped
// operations, each finding with its smallest request as curl, the flows, and the provenance verdicts when the spec
// carries markers.
import type { FlowReport, ReportedFinding, VerifyReport } from '../verify-types.js';

export function reportMarkdown(report: VerifyReport): string {
  const { totals } = report;
  const lines = [
    `# verify: ${totals.findings === 0 ? 'no findings' : `${totals.findings} finding${totals.findings === 1 ? '' : 's'}`}${report.stopped === undefined ? '' : ` (${report.stopped.reason === 'interrupted' ? 'interrupted' : 'stopped'})`}`,
    '',
    ...(report.stopped === undefined ? [] : [`**${report.stopped.message}.**`, '']),
    `${totals.cases} cases over ${totals.operations} operations in ${(totals.durationMs / 1000).toFixed(1)} s (${totals.casesPerSecond} cases/s); seed ${report.seed}, run ${report.run} (replay with --seed ${report.seed} --run ${report.run}).${resentText(totals.resent)}`,
    '',
    '| operation | cases | statuses | findings |',
    '| --- | --- | --- | --- |',
    ...report.operations.map((op) => `| ${op.operationId} | ${op.cases} | ${statusText(op.statuses)} | ${op.findings} |`),
  ];
  if (report.skipped.length > 0) {
    lines.push('', '## Skipped', '', ...report.skipped.map((skip) => `- ${skip.operationId}: ${skip.reason}`));
  }
  if (report.flows.length > 0) {
    lines.push('', '## Flows', '', ...report.flows.map(flowLine));
  }
  if (report.findings.length > 0) {
    lines.push('', '## Findings');
    for (const found of report.findings) {
      lines.push(
        '',
        `### ${found.operationId}: ${found.check} (${found.rule}) at ${found.path}`,
        '',
        `${found.message}. Seen ${found.occurrences} time${found.occurrences === 1 ? '' : 's'}; got ${found.status}${found.serverMessage === undefined ? '' : `: ${found.serverMessage}`}; ${shrinkText(found.shrinking)}.`,
        '',
        '```sh',
        found.curl,
        '```',
      );
    }
  }
  if (report.provenance !== undefined) {
    const contradicted = report.provenance.filter((entry) => entry.verdict === 'contradicted');
    lines.push('', '## Provenance', '', `${report.provenance.length} marked facts exercised: ${report.provenance.length - contradicted.length} confirmed, ${contradicted.length} contradicted.`);
    for (const entry of contradicted) {
      lines.push(`- contradicted: ${entry.pointer} (${entry.provenance}) by ${entry.operationId} at ${entry.at}${entry.rule ? ` (${entry.rule})` : ''}, ${entry.contradictions} of ${entry.seen} answers`);
      if (entry.sample !== undefined) lines.push(`  - for example: \`${entry.sample.curl}\` got ${entry.sample.status}${entry.sample.serverMessage === undefined ? '' : `: ${entry.sample.serverMessage}`}`);
    }
    for (const entry of report.provenance) {
      if (entry.verdict === 'confirmed') lines.push(`- confirmed: ${entry.pointer} (${entry.provenance}) by ${entry.operationId} at ${entry.at}, ${entry.seen} answers`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function flowLine(flow: FlowReport): string {
  if (flow.outcome === 'skipped') return `- ${flow.name}: skipped (${flow.reason})`;
  return `- ${flow.name}: ${flow.outcome}, ${flow.steps} requests, ${flow.findings} findings`;
}

function shrinkText(shrinking: ReportedFinding['shrinking']): string {
  if (shrinking.shrunk) return `shrunk in ${shrinking.tries} tries`;
  if (shrinking.tries === 0) return 'not shrunk';
  return 'not shrinkable further';
}

function statusText(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}

/** Said only when it happened: a target that keeps closing connections before answering is worth a look. */
function resentText(resent: number): string {
  if (resent === 0) return '';
  return ` ${resent} request${resent === 1 ? ' was' : 's were'} sent again after the connection closed before any answer.`;
}
