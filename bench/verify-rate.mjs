// Cases per second of `verify` against the stateless mock, without the stateful flows (--no-stateful, as the mock
// cannot read back what it was sent): over loopback HTTP to the mock in its own process (bench/servers/mock-server.mjs),
// and in process through createMockFetch (no network: what verify itself costs). Each target is verified `runs`
// times, each run with another seed, all 18 operations, destructive ones included; the median run is reported.
// Reported, not budgeted: a rate on a shared 2-core machine says how long a run takes, not whether it regressed.
import path from 'node:path';
import { verify } from '@vendor/api-mock';
import { createMockFetch } from '@vendor/api-mock/fetch';
import { benchDir, repoRoot } from './lib/paths.mjs';
import { describeServer, startServer, stopServers } from './lib/proc.mjs';
import { isMain, writeSectionResult } from './section.mjs';
import { median } from './lib/stats.mjs';

function readUrl(stdout) {
  const line = stdout.split('\n').slice(0, -1).find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line).url;
}

async function runs(settings, options) {
  const out = [];
  for (let run = 0; run < settings.verify.runs; run++) {
    const report = await verify({ ...options, token: 'bench', seed: 1000 + run, cases: settings.verify.cases, includeDestructive: true, stateful: false });
    out.push({ seed: report.seed, cases: report.totals.cases, operations: report.totals.operations, findings: report.totals.findings, seconds: report.totals.durationMs / 1000, casesPerSecond: report.totals.casesPerSecond });
  }
  return { runs: out, medianCasesPerSecond: median(out.map((r) => r.casesPerSecond)), medianSeconds: median(out.map((r) => r.seconds)) };
}

export async function run(settings) {
  const servers = {};
  try {
    servers.mock = await startServer(process.execPath, [path.join(benchDir, 'servers/mock-server.mjs'), '--journal-size', '0'], {
      cwd: repoRoot,
      timeoutMs: settings.verify.startTimeoutMs,
      readyFromStdout: readUrl,
    });
    const http = await runs(settings, { baseUrl: servers.mock.url });
    const inProcess = await runs(settings, { baseUrl: 'http://mock.test', fetch: createMockFetch({ journalSize: 0, onWarning: () => {} }) });
    return {
      settings: settings.verify,
      targets: { http: { title: 'the mock over loopback HTTP (its own process, journal off)', ...http, server: describeServer(servers.mock, 'mock') }, inProcess: { title: 'createMockFetch, in process (journal off)', ...inProcess } },
    };
  } finally {
    await stopServers(Object.values(servers));
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
