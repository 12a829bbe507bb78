// verify against our own implementations, with a fixed seed: the sandbox in memory (in-process fetch), the sandbox
// on Postgres (over HTTP) and the stateless mock without the stateful flows. Each must give 0 findings over all 18
// operations, >= 50 cases each, destructive operations included; against one sandbox, run after run (as every
// night against one staging), without and then with the destructive operations. A finding here is a bug of the mock or the
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

/** The destructive operations (x-destructive): run only with includeDestructive. */
const DESTRUCTIVE = ['deleteMlRepo', 'terminateJob', 'changePassword'];

interface Expected {
  stateful: boolean;
  destructive: boolean;
  /** a run after another against the same target: the record the first deleted is gone */
  again?: boolean;
}

function expectClean(report: VerifyReport, expected: Expected): void {
  expect(report.findings, reportMarkdown(report)).toEqual([]);
  expect(report.operations).toHaveLength(expected.destructive ? OPERATIONS : OPERATIONS - DESTRUCTIVE.length);
  expect(report.skipped.map((skip) => skip.operationId).sort()).toEqual(expected.destructive ? [] : [...DESTRUCTIVE].sort());
  for (const op of report.operations) {
    expect(op.cases, op.operationId).toBeGreaterThanOrEqual(50);
    // Every kind of case ran: the checks below are not vacuous.
    expect(op.kinds.auth, op.operationId).toBe(2);
    expect(op.kinds.example + op.kinds.valid, op.operationId).toBeGreaterThan(0);
  }
  const invalid = report.operations.reduce((sum, op) => sum + op.kinds.invalid, 0);
  expect(invalid).toBeGreaterThanOrEqual(expected.destructive ? 90 : 75);
  if (!expected.stateful) {
    expect(report.flows).toEqual([]);
    return;
  }
  expect(report.flows.map((flow) => flow.name)).toEqual(
    expect.arrayContaining([
      'createOrUpdateMcpServer -> GetMcpServerById -> getMcpServer',
      'getAgentSkill -> ListAgentSkillVersions -> listAgentSkillVersions',
      'listAgentSessionTurns pages to its end',
      'listAgentSkillVersions pages to its end',
      ...(expected.destructive ? ['deleteMlRepo twice: the deleted record is gone'] : []),
    ]),
  );
  for (const flow of report.flows) {
    // A second run finds the repo the first deleted gone: that flow cannot run, and says so; it never passes.
    const deleteAgain = expected.again === true && flow.operationId === 'deleteMlRepo';
    if (deleteAgain) {
      expect(flow, flow.name).toMatchObject({ outcome: 'skipped', steps: 1 });
      expect(flow.reason).toMatch(/^nothing to delete: the first deleteMlRepo got 404: /);
      continue;
    }
    // The walks took more than one page each, and the delete was repeated.
    expect(flow.outcome, `${flow.name}: ${flow.reason}`).toBe('passed');
    expect(flow.steps, flow.name).toBeGreaterThanOrEqual(2);
  }
}

/** verify run twice without the destructive operations, then twice with them, with one seed against one target. */
async function runFourTimes(options: Omit<Parameters<typeof verify>[0], 'seed' | 'includeDestructive'>): Promise<void> {
  for (const destructive of [false, true]) {
    const first = await verify({ ...options, seed: SEED, includeDestructive: destructive });
    expectClean(first, { stateful: true, destructive });
    const second = await verify({ ...options, seed: SEED, includeDestructive: destructive });
    expectClean(second, { stateful: true, destructive, again: destructive });
    // Each run made its unique values unique with its own run nonce.
    expect(second.run).not.toBe(first.run);
  }
}

describe('verify against the sandbox in memory, four times against one sandbox', () => {
  it(`seed ${SEED}: 0 findings each time, without and with destructive operations`, async () => {
    const sandbox = createMockFetch({ sandbox: {}, onWarning: () => {} });
    const token = await sandbox.token(TENANT);
    await runFourTimes({ baseUrl: 'http://sandbox.test', token, fetch: sandbox as typeof fetch });
  }, 20 * MINUTES);
});

describe('verify against the stateless mock, --no-stateful', () => {
  it(`seed ${SEED}: 0 findings`, async () => {
    const mock = createMockFetch({ onWarning: () => {} });
    const report = await verify({ baseUrl: 'http://mock.test', token: 'any', seed: SEED, includeDestructive: true, stateful: false, fetch: mock as typeof fetch });
    expectClean(report, { stateful: false, destructive: true });
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

  it(`seed ${SEED}: 0 findings each time, without and with destructive operations`, async () => {
    expect(sandbox.store).toBe('postgres');
    const token = await sandbox.token(TENANT);
    await runFourTimes({ baseUrl: sandbox.url, gatewayBaseUrl: sandbox.url, token });
  }, 20 * MINUTES);
});
