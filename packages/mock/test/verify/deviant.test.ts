// verify against a deliberately deviant implementation (deviant-server.ts): each of its seeded deviations is found,
// named with its operation and rule, and reported with a request no larger than the first that showed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify, type VerifyReport } from '../../src/index.js';
import { reportJunit } from '../../src/verify/reporting/report-junit.js';
import { reportMarkdown } from '../../src/verify/reporting/report-markdown.js';
import { DEVIATIONS, startDeviantServer, type DeviantServer } from './deviant-server.js';
// @ts-expect-error: plain ESM helper without type declarations
import { bundleSpec } from '../../../../scripts/lib/bundle.mjs';

const MINUTES = 60_000;
let deviant: DeviantServer;
let report: VerifyReport;

beforeAll(async () => {
  deviant = await startDeviantServer();
  report = await verify({ baseUrl: deviant.url, token: deviant.token, seed: 7, includeDestructive: true });
}, 10 * MINUTES);

afterAll(async () => {
  await deviant?.close();
});

describe('verify against a deviant implementation', () => {
  it('has at least 15 seeded deviations', () => {
    expect(DEVIATIONS.length).toBeGreaterThanOrEqual(15);
  });

  it.each(DEVIATIONS.map((deviation) => [`${deviation.operationId}: ${deviation.what}`, deviation] as const))('finds %s', (_name, deviation) => {
    const found = report.findings.filter((item) => item.operationId === deviation.operationId && item.check === deviation.check && item.rule.startsWith(deviation.rule));
    expect(found, reportMarkdown(report)).not.toEqual([]);
    for (const item of found) {
      expect(item.shrinking.toSize).toBeLessThanOrEqual(item.shrinking.fromSize);
      expect(item.curl).toContain(deviant.url);
      expect(item.message).not.toBe('');
    }
  });

  it('finds nothing in the operations it left honest', () => {
    const deviant = new Set(DEVIATIONS.map((deviation) => deviation.operationId));
    const elsewhere = report.findings.filter((item) => !deviant.has(item.operationId));
    expect(elsewhere, reportMarkdown(report)).toEqual([]);
  });

  it('shrinks a failing generated request to what shows the finding', () => {
    // getMetricCharts fails only with startTs after endTs: the shrunk request keeps those two and the required
    // query, and drops the rest (filterQuery), from a larger first case.
    const serverError = report.findings.find((item) => item.operationId === 'getMetricCharts' && item.check === 'not_a_server_error')!;
    expect(Object.keys(serverError.request.query).sort()).toEqual(['applicationId', 'endTs', 'filterEntity', 'startTs']);
    expect(Number(serverError.request.query.startTs)).toBeGreaterThan(Number(serverError.request.query.endTs));
    // An invalid body accepted: shrunk to a smaller body that still breaks the same one rule.
    const accepted = report.findings.filter((item) => item.check === 'negative_data_rejection' && item.request.body !== undefined);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.some((item) => item.shrinking.shrunk && item.shrinking.toSize < item.shrinking.fromSize)).toBe(true);
  });

  it('reproduces each finding with curl, the token as $VENDOR_API_TOKEN and never its value', () => {
    const everything = JSON.stringify(report) + reportMarkdown(report) + reportJunit(report);
    expect(everything).not.toContain(deviant.token);
    const withToken = report.findings.filter((item) => item.request.auth === 'token');
    for (const item of withToken) expect(item.curl).toContain('Authorization: Bearer $VENDOR_API_TOKEN');
  });

  it('labels from the answer first: a 500 to a request without a token is a server error, not an authentication finding', () => {
    const found = report.findings.filter((item) => item.operationId === 'listResponseInputItems');
    expect(found.map((item) => `${item.check} ${item.rule}`), reportMarkdown(report)).toEqual(['not_a_server_error server-error']);
    expect(found[0]!.message).toContain('request without a valid token');
    expect(found[0]!.request.auth).toBe('none');
  });

  it("shows the server's own message beside the status", () => {
    const wrongStatus = report.findings.find((item) => item.operationId === 'createSecretGroup' && item.check === 'status_code_conformance')!;
    expect(wrongStatus.serverMessage).toEqual(expect.any(String));
    expect(reportMarkdown(report)).toContain(`got 400: ${wrongStatus.serverMessage}`);
  });

  it('gives the same findings when run again against the same deviant with the same seed', async () => {
    const again = await verify({ baseUrl: deviant.url, token: deviant.token, seed: 7, includeDestructive: true });
    const keys = (one: VerifyReport) => one.findings.map((item) => `${item.operationId} ${item.check} ${item.rule} ${item.path}`).sort();
    expect(keys(again), reportMarkdown(again)).toEqual(keys(report));
  }, 10 * MINUTES);

  it('writes one JUnit test case per operation and check that applies, failed where verify found something', () => {
    const junit = reportJunit(report);
    expect(junit).toContain('<testcase classname="getTeam" name="getTeam response_schema_conformance">\n      <failure');
    expect(junit).toContain('<testcase classname="getTeam" name="getTeam not_a_server_error"/>');
    const cases = junit.match(/<testcase /g)!.length;
    expect(cases).toBe(report.operations.reduce((sum, op) => sum + op.checks.length, 0) + report.skipped.length);
    // Only the checks that apply: no page walk on a create, no second delete on a read.
    expect(junit).not.toContain('name="createSecretGroup pagination_ends"');
    expect(junit).not.toContain('name="getTeam use_after_free"');
    expect(junit).toContain('name="listAgentSessionTurns pagination_ends"');
  });
});

describe('provenance verdicts, with the authored spec (its x-provenance markers kept), as npm run verify runs it', () => {
  it('names the markers the deviant contradicted and those its answers confirmed', async () => {
    const withMarkers = await verify({ baseUrl: deviant.url, token: deviant.token, seed: 7, cases: 20, stateful: false, spec: await bundleSpec(), operations: ['getArtifactVersion', 'getTeam'] });
    const verdictOf = (pointer: string) => withMarkers.provenance!.find((entry) => entry.pointer === pointer);
    // getArtifactVersion answers 404 without the ML shape's `detail`: the marked shared 404 is contradicted.
    expect(verdictOf('#/components/responses/MlNotFound'), reportMarkdown(withMarkers)).toMatchObject({ verdict: 'contradicted', operationId: 'getArtifactVersion', rule: 'required' });
    // Every contradiction carries a request that showed it and the answer it got.
    for (const entry of withMarkers.provenance!.filter((item) => item.verdict === 'contradicted')) {
      expect(entry.sample, entry.pointer).toMatchObject({ curl: expect.stringContaining(deviant.url), status: expect.any(Number) });
    }
    expect(verdictOf('#/components/responses/MlNotFound')!.sample).toMatchObject({ status: 404, curl: expect.stringContaining('/api/ml/v1/artifact-versions/') });
    // getTeam's 404 for an unknown id is in its documented shape: confirmed.
    expect(withMarkers.provenance!.some((entry) => entry.operationId === 'getTeam' && entry.verdict === 'confirmed')).toBe(true);
    expect(reportMarkdown(withMarkers)).toContain('- contradicted: #/components/responses/MlNotFound (service) by getArtifactVersion at 404 (required)');
    // The published bundle carries no markers: no verdicts.
    expect(report.provenance).toBeUndefined();
  }, 10 * MINUTES);
});

describe('--seed S --run R', () => {
  it('replays a run exactly: the same requests, unique values included; another run nonce makes them unique again', async () => {
    const sent = async (run: string) => {
      const target = await startDeviantServer();
      try {
        const found = await verify({ baseUrl: target.url, token: target.token, seed: 7, run, cases: 20, stateful: false, operations: ['createSecretGroup'] });
        return found.findings.map((item) => item.curl.replace(target.url, 'URL'));
      } finally {
        await target.close();
      }
    };
    const first = await sent('k3x9q2');
    expect(first.length).toBeGreaterThan(0);
    expect(first.some((curl) => /"name":"[^"]*-k3x9q2-[a-z0-9]+"/.test(curl)), first.join('\n')).toBe(true);
    expect(await sent('k3x9q2')).toEqual(first);
    const other = await sent('z7p0m1');
    expect(other.join('\n')).not.toContain('-k3x9q2-');
  }, 10 * MINUTES);
});

describe('a page walk whose server refuses the next page token it handed out', () => {
  it('is found as pagination_ends naming the page', async () => {
    const refusing = await startDeviantServer({ turnPages: 'refuses-own-token' });
    try {
      const found = await verify({ baseUrl: refusing.url, token: refusing.token, seed: 7, cases: 10, operations: ['listAgentSessionTurns'] });
      const walk = found.findings.filter((item) => item.check === 'pagination_ends');
      expect(walk.map((item) => `${item.operationId} ${item.rule}`), reportMarkdown(found)).toEqual(['listAgentSessionTurns refused-own-token']);
      expect(walk[0]!.message).toBe('page 2 refused its own next page token with 400');
      expect(walk[0]!.serverMessage).toBe('page_token is not a valid token');
      expect(found.flows.find((flow) => flow.name === 'listAgentSessionTurns pages to its end')).toMatchObject({ outcome: 'failed', steps: 2 });
    } finally {
      await refusing.close();
    }
  }, 10 * MINUTES);
});

describe('a create that reads back different from what it was sent', () => {
  it('is found as read_back_equal at the field that differs', async () => {
    const differs = await startDeviantServer({ createdServers: 'read-back-differs' });
    try {
      const found = await verify({ baseUrl: differs.url, token: differs.token, seed: 7, cases: 10, operations: ['createOrUpdateMcpServer', 'getMcpServer'] });
      const readBack = found.findings.filter((item) => item.check === 'read_back_equal');
      expect(readBack.map((item) => `${item.operationId} ${item.rule} ${item.path}`), reportMarkdown(found)).toEqual(['getMcpServer read-back-differs body.manifest.description']);
      expect(found.findings.filter((item) => item.check === 'ensure_resource_availability')).toEqual([]);
    } finally {
      await differs.close();
    }
  }, 10 * MINUTES);
});
