// verify against our own implementations, with a fixed seed: the sandbox in memory (in-process fetch), the sandbox
// on Postgres (over HTTP) and the stateless mock without the stateful flows. Each must give 0 findings over all 18
// operations, >= 50 cases each, destructive operations included. A finding here is a bug of the mock or the
// sandbox (or of verify): the report's Markdown is the assertion's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFetch } from '../../src/fetch.js';
import { startMock, verify, type RunningSandbox, type VerifyReport } from '../../src/index.js';
import { reportMarkdown } from '../../src/verify/reporting/report-markdown.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';

const MINUTES = 60_000;
const SEED = 31;
const OPERATIONS = 18;
/** The example tenant: the documented examples' records (and path tenant names) are its own. */
const TENANT = 'acme';

function expectClean(report: VerifyReport, options: { stateful: boolean }): void {
  expect(report.findings, reportMarkdown(report)).toEqual([]);
  expect(report.operations).toHaveLength(OPERATIONS);
  expect(report.skipped).toEqual([]);
  for (const op of report.operations) {
    expect(op.cases, op.operationId).toBeGreaterThanOrEqual(50);
    // Every kind of case ran: the checks below are not vacuous.
    expect(op.kinds.auth, op.operationId).toBe(2);
    expect(op.kinds.example + op.kinds.valid, op.operationId).toBeGreaterThan(0);
  }
  const invalid = report.operations.reduce((sum, op) => sum + op.kinds.invalid, 0);
  expect(invalid).toBeGreaterThanOrEqual(90);
  if (options.stateful) {
    expect(report.flows.map((flow) => flow.name)).toEqual(
      expect.arrayContaining([
        'createOrUpdateMcpServer -> GetMcpServerById -> getMcpServer',
        'getAgentSkill -> ListAgentSkillVersions -> listAgentSkillVersions',
        'listAgentSessionTurns pages to its end',
        'listAgentSkillVersions pages to its end',
        'deleteMlRepo twice: the deleted record is gone',
      ]),
    );
    // The walks took more than one page each, and the delete was repeated.
    for (const flow of report.flows) expect(flow.steps, flow.name).toBeGreaterThanOrEqual(2);
  } else {
    expect(report.flows).toEqual([]);
  }
}

describe('verify against the sandbox in memory', () => {
  it(`seed ${SEED}: 0 findings, all operations, destructive ones included`, async () => {
    const sandbox = createMockFetch({ sandbox: {}, onWarning: () => {} });
    const token = await sandbox.token(TENANT);
    const report = await verify({ baseUrl: 'http://sandbox.test', token, seed: SEED, includeDestructive: true, fetch: sandbox as typeof fetch });
    expectClean(report, { stateful: true });
  }, 10 * MINUTES);
});

describe('verify against the stateless mock, --no-stateful', () => {
  it(`seed ${SEED}: 0 findings`, async () => {
    const mock = createMockFetch({ onWarning: () => {} });
    const report = await verify({ baseUrl: 'http://mock.test', token: 'any', seed: SEED, includeDestructive: true, stateful: false, fetch: mock as typeof fetch });
    expectClean(report, { stateful: false });
  }, 10 * MINUTES);
});

describe('verify against the sandbox on Postgres, over HTTP', () => {
  let cluster: Cluster;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    cluster = await startCluster();
    sandbox = await startMock({ sandbox: { secret: 'verify-pg-secret', databaseUrl: cluster.url }, onWarning: () => {} });
  }, 5 * MINUTES);

  afterAll(async () => {
    await sandbox?.close().catch(() => {});
    await cluster?.destroy();
  }, 5 * MINUTES);

  it(`seed ${SEED}: 0 findings, all operations, destructive ones included`, async () => {
    const token = await sandbox.token(TENANT);
    const report = await verify({ baseUrl: sandbox.url, gatewayBaseUrl: sandbox.url, token, seed: SEED, includeDestructive: true });
    expect(sandbox.store).toBe('postgres');
    expectClean(report, { stateful: true });
  }, 10 * MINUTES);
});
