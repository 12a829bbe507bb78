// End to end: an upstream that confirms one assumption of the spec and contradicts another is reported that way.
// The proxy runs over HTTP with the repository's source bundle (bundleSpec(): it keeps the x-provenance markers
// the published bundle strips), in this process and as the CLI (--spec FILE), in front of a small deviant upstream:
// - getTeam answers 401 as documented: the shared ControlPlaneUnauthorized response, marked `assumption`, is confirmed;
// - getFile answers its own 400 (marked `assumption`) without the required error.message: contradicted, rule required.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '@vendor/spec-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProvenanceEntry, type ProxyReport, type RunningProxy } from '../../src/index.js';
import { loadModel, responseOf, validRequest } from '../helpers/spec.js';
import { listeningUrl, MINUTES, runProxyCli, stopProxyCli, type ProxyCli } from './proxy-cli.js';
import { json, startUpstreamDouble, type UpstreamDouble } from './upstream-double.js';
// @ts-expect-error: plain ESM helper without type declarations
import { bundleSpec } from '../../../../scripts/lib/bundle.mjs';

const model = loadModel();
const getTeam = model.operation('getTeam');
const getFile = model.operation('getFile');

const UNAUTHORIZED_POINTER = '#/components/responses/ControlPlaneUnauthorized';
const FILE_400_POINTER = '#/paths/~1files~1{id}/get/responses/400';

/** getTeam's documented 401, exactly as the spec shows it. */
const documentedUnauthorized = responseOf(getTeam, '401').example;

/** getFile's documented 400 with the one field GatewayError requires (error.message) dropped. */
function fileErrorWithoutMessage(): any {
  const body = structuredClone(responseOf(getFile, '400').example) as any;
  expect(body.error.message).toEqual(expect.any(String));
  delete body.error.message;
  return body;
}

/** Sends the two documented requests (getTeam, getFile) through the proxy at `base`. */
async function exerciseBoth(base: string): Promise<void> {
  for (const [entry, status] of [
    [getTeam, 401],
    [getFile, 400],
  ] as const) {
    const request = validRequest(base, entry, 'provenance-e2e-token');
    const answer = await fetch(request.url, request.init);
    await answer.arrayBuffer();
    expect(answer.status, entry.operationId).toBe(status);
  }
}

const entryAt = (report: ProxyReport, pointer: string, operationId: string) =>
  report.provenance.entries.filter((entry) => entry.pointer === pointer && entry.operationId === operationId);

/** What both ways of running the proxy must report of the two markers. */
function expectVerdicts(report: ProxyReport): void {
  expect(report.provenance.hasMarkers).toBe(true);
  expect(report.provenance.markers).toBeGreaterThan(2);
  expect(entryAt(report, UNAUTHORIZED_POINTER, 'getTeam')).toEqual([
    expect.objectContaining<Partial<ProvenanceEntry>>({
      provenance: 'assumption',
      element: 'status',
      direction: 'response',
      status: '401',
      at: '401',
      verdict: 'confirmed',
      seen: 1,
      contradictions: 0,
    }),
  ]);
  expect(entryAt(report, UNAUTHORIZED_POINTER, 'getTeam')[0]!.rule).toBeUndefined();
  expect(entryAt(report, FILE_400_POINTER, 'getFile')).toEqual([
    expect.objectContaining<Partial<ProvenanceEntry>>({
      provenance: 'assumption',
      element: 'status',
      direction: 'response',
      status: '400',
      at: '400',
      verdict: 'contradicted',
      seen: 1,
      contradictions: 1,
      rule: 'required',
    }),
  ]);
  // Only getFile's answer broke the contract: every contradicted entry is one of its 400's, and none of getTeam's is;
  // but for the provider header, which the request sent and the 400 names: a refusal of a request that keeps the rule.
  const contradicted = report.provenance.entries.filter((entry) => entry.verdict === 'contradicted');
  expect(contradicted.length).toBeGreaterThan(0);
  const [header, answers] = [contradicted.filter((entry) => entry.direction === 'request'), contradicted.filter((entry) => entry.direction === 'response')];
  for (const entry of answers) expect(entry, entry.pointer).toMatchObject({ operationId: 'getFile', status: '400', rule: 'required' });
  expect(header).toEqual([expect.objectContaining({ operationId: 'getFile', at: 'header.x-vendor-provider-name', rule: 'refused-valid-request', seen: 1, contradictions: 1 })]);
  expect(report.provenance.contradicted).toBe(contradicted.length);
  expect(report.provenance.confirmed).toBe(report.provenance.entries.length - contradicted.length);
  // The finding that did it: the dropped field, in getFile's response.
  const file = report.operations.find((operation) => operation.operationId === 'getFile');
  expect(file?.findings.map(({ direction, path, rule }) => ({ direction, path, rule }))).toEqual([{ direction: 'response', path: 'body.error.message', rule: 'required' }]);
  const team = report.operations.find((operation) => operation.operationId === 'getTeam');
  expect(team).toMatchObject({ calls: 1, statuses: { '401': 1 }, findings: [] });
}

/** What the Markdown summary must say of them. */
function expectMarkdownNamesBoth(markdown: string): void {
  expect(markdown).toContain('## Provenance');
  expect(markdown).toContain(`- contradicted: assumption \`${FILE_400_POINTER}\`, getFile response 400 (status): 1 of 1 exchange, rule required`);
  expect(markdown).toContain(`- confirmed: assumption \`${UNAUTHORIZED_POINTER}\`, getTeam response 401 (status): seen in 1 exchange`);
  expect(markdown).toMatch(/\d+ markers; \d+ exercised elements: [1-9]\d* contradicted, [1-9]\d* confirmed;/);
}

describe('provenance end to end: one assumption confirmed, another contradicted', { timeout: 10 * MINUTES }, () => {
  let upstream: UpstreamDouble;
  let sourceBundle: OpenApiDocument;
  let dir: string;

  beforeAll(async () => {
    upstream = await startUpstreamDouble({
      'GET /api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m': json(401, documentedUnauthorized),
      'GET /files/file-9GnTx3vQb2Lm8Rk4Wz1YcD': json(400, fileErrorWithoutMessage()),
    });
    sourceBundle = await bundleSpec();
    dir = await mkdtemp(join(tmpdir(), 'provenance-e2e-'));
  }, 5 * MINUTES);

  afterAll(async () => {
    await upstream?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('the requests are the documented ones: getTeam and getFile match their routes of the upstream', () => {
    expect(new URL(validRequest('http://x', getTeam).url).pathname).toBe('/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m');
    expect(new URL(validRequest('http://x', getFile).url).pathname).toBe('/files/file-9GnTx3vQb2Lm8Rk4Wz1YcD');
  });

  it('startProxy with the source bundle: GET /_proxy/report and the Markdown say so', async () => {
    let proxy: RunningProxy | undefined;
    const warnings: string[] = [];
    try {
      proxy = await startProxy({ upstream: upstream.url, spec: sourceBundle, onWarning: (line) => warnings.push(line) });
      await exerciseBoth(proxy.url);
      const answer = await fetch(`${proxy.url}/_proxy/report`);
      expect(answer.status).toBe(200);
      const report = (await answer.json()) as ProxyReport;
      expectVerdicts(report);
      expectMarkdownNamesBoth(proxy.markdown());
      expect(warnings).toEqual([]);
    } finally {
      await proxy?.close();
    }
  });

  it('the published bundle (markers stripped) reports no verdicts for the same traffic', async () => {
    const proxy = await startProxy({ upstream: upstream.url, onWarning: () => {} });
    try {
      await exerciseBoth(proxy.url);
      const report = proxy.report();
      expect(report.provenance).toMatchObject({ hasMarkers: false, entries: [], confirmed: 0, contradicted: 0 });
      expect(report.totals.findings).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('the CLI with --spec FILE: the --report file and the summary printed on SIGTERM say so', async () => {
    const specFile = join(dir, 'openapi.source.json');
    const reportFile = join(dir, 'report.json');
    await writeFile(specFile, JSON.stringify(sourceBundle));
    let cli: ProxyCli | undefined;
    try {
      cli = runProxyCli(['--upstream', upstream.url, '--port', '0', '--spec', specFile, '--report', reportFile]);
      const url = await listeningUrl(cli);
      await exerciseBoth(url);
      expect(await stopProxyCli(cli)).toBe(0);
      expectVerdicts(JSON.parse(await readFile(reportFile, 'utf8')) as ProxyReport);
      expectMarkdownNamesBoth(cli.stderr());
    } finally {
      if (cli !== undefined) await stopProxyCli(cli);
    }
  });
});
