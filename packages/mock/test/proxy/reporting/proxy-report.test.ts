// The proxy report over hand-made exchanges: counts, statuses, findings aggregated by direction, place and rule,
// unknown paths, stable ordering, the provenance section, and that no credential or secret reaches it.
import type { OpenApiDocument } from '@vendor/spec-model';
import { describe, expect, test } from 'vitest';
import { createProxyReport, MAX_UNKNOWN_PATHS } from '../../../src/proxy/reporting/proxy-report.js';
import { exchangeOf, finding, operationNamed, operationsOf, tablesOf, thingsSpec } from '../../conformance/provenance/provenance-fixtures.js';
// @ts-expect-error: plain ESM helper without type declarations
import { publishedDocument } from '../../../../../scripts/lib/published.mjs';

const doc = thingsSpec();
const operations = operationsOf(doc);
const listThings = operationNamed(operations, 'listThings');
const createThing = operationNamed(operations, 'createThing');
const page = (things: unknown[]) => ({ kind: 'json' as const, value: { data: things } });

describe('aggregation', () => {
  const build = () => {
    const report = createProxyReport(tablesOf(doc));
    // createThing is called first, but listThings comes first in the spec, and so in the report.
    report.add(exchangeOf(createThing, { status: 201, responseBody: { kind: 'json', value: { id: 't9', status: 'active' } } }));
    report.add(exchangeOf(listThings, { responseBody: page([{ id: 't1', status: 'active', size: 1 }]) }));
    report.add(
      exchangeOf(listThings, {
        responseBody: page([{ status: 'active' }, { status: 'active' }]),
        findings: [finding(listThings, 'response', 'body.data[0].id', 'required'), finding(listThings, 'response', 'body.data.1.id', 'required')],
      }),
    );
    report.add(
      exchangeOf(listThings, {
        status: 404,
        findings: [finding(listThings, 'response', 'status', 'undocumented-status'), finding(listThings, 'request', 'query.limit', 'type')],
      }),
    );
    report.add(exchangeOf(undefined, { method: 'GET', path: '/gadgets', status: 404, findings: [finding(undefined, 'request', 'path', 'unknown-operation')] }));
    report.add(exchangeOf(undefined, { method: 'DELETE', path: '/gadgets/1', status: 404 }));
    report.add(exchangeOf(undefined, { method: 'GET', path: '/gadgets', status: 200 }));
    return report;
  };

  test('totals, calls and statuses per operation, in spec order', () => {
    const json = build().json();
    expect(json.totals).toEqual({ exchanges: 7, findings: 5, unknownExchanges: 3, unknownNotListed: 0 });
    expect(json.operations.map(({ operationId, method, path, calls, statuses }) => ({ operationId, method, path, calls, statuses }))).toEqual([
      { operationId: 'listThings', method: 'GET', path: '/things', calls: 3, statuses: { '200': 2, '404': 1 } },
      { operationId: 'createThing', method: 'POST', path: '/things', calls: 1, statuses: { '201': 1 } },
    ]);
    expect(json.notCalled).toEqual([]);
  });

  test('findings aggregate over array positions, most frequent first, then by path', () => {
    const [list] = build().json().operations;
    expect(list!.findings.map(({ direction, path, rule, count }) => ({ direction, path, rule, count }))).toEqual([
      { direction: 'response', path: 'body.data[].id', rule: 'required', count: 2 },
      { direction: 'request', path: 'query.limit', rule: 'type', count: 1 },
      { direction: 'response', path: 'status', rule: 'undocumented-status', count: 1 },
    ]);
    expect(list!.findings[0]!.sample).toEqual({ message: 'body.data[0].id breaks required', status: 200 });
  });

  test('unknown operations by method and path, most called first', () => {
    expect(build().json().unknownOperations).toEqual([
      { method: 'GET', path: '/gadgets', calls: 2, statuses: { '200': 1, '404': 1 }, proxyAnswers: {} },
      { method: 'DELETE', path: '/gadgets/1', calls: 1, statuses: { '404': 1 }, proxyAnswers: {} },
    ]);
  });

  test("the proxy's own answers are counted by reason beside the statuses", () => {
    const report = createProxyReport(tablesOf(doc));
    report.add(exchangeOf(listThings, { status: 502, proxyAnswer: { status: 502, reason: 'unreachable' } }));
    report.add(exchangeOf(listThings, { status: 200, proxyAnswer: { status: 502, reason: 'invalid-response' } }));
    report.add(exchangeOf(listThings, { status: 200 }));
    const [list] = report.json().operations;
    expect(list).toMatchObject({ calls: 3, statuses: { '200': 2, '502': 1 }, proxyAnswers: { unreachable: 1, 'invalid-response': 1 } });
    expect(report.markdown()).toContain('listThings (3 calls: 200 ×2, 502 ×1; the proxy answered 2 itself (unreachable ×1, invalid-response ×1))');
  });

  test('operations never called are named', () => {
    const report = createProxyReport(tablesOf(doc));
    report.add(exchangeOf(createThing, { status: 201 }));
    expect(report.json().notCalled).toEqual(['listThings']);
  });

  test('past MAX_UNKNOWN_PATHS distinct unknown paths, the rest are only counted', () => {
    const report = createProxyReport(tablesOf(doc));
    for (let i = 0; i <= MAX_UNKNOWN_PATHS; i += 1) report.add(exchangeOf(undefined, { path: `/scan/${i}`, status: 404 }));
    const json = report.json();
    expect(json.unknownOperations).toHaveLength(MAX_UNKNOWN_PATHS);
    expect(json.totals).toMatchObject({ unknownExchanges: MAX_UNKNOWN_PATHS + 1, unknownNotListed: 1 });
  });

  test('a report handed out does not change as exchanges keep arriving', () => {
    const report = build();
    const before = report.json();
    const snapshot = JSON.stringify(before);
    report.add(exchangeOf(listThings, { findings: [finding(listThings, 'response', 'body.data[0].id', 'required')] }));
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(report.json().operations[0]!.findings[0]!.count).toBe(3);
  });

  test('the markdown names the operation with findings, its rows, the unknown paths and the clean operations', () => {
    const markdown = build().markdown();
    expect(markdown).toContain('7 exchanges, 5 findings; 2 operations called, 3 exchanges on unknown paths.');
    expect(markdown).toContain('## listThings: GET /things');
    expect(markdown).toContain('3 calls: 200 ×2, 404 ×1.');
    expect(markdown).toContain('| 2 | response | `body.data[].id` | required | 200: body.data[0].id breaks required |');
    expect(markdown).toContain('| GET | `/gadgets` | 2 | 200 ×1, 404 ×1 |');
    expect(markdown).toContain('Without findings: createThing (1 call: 201 ×1).');
  });
});

describe('provenance in the report', () => {
  test('verdicts per marked element, with the markers not exercised yet', () => {
    const report = createProxyReport(tablesOf(doc));
    report.add(
      exchangeOf(listThings, {
        responseBody: page([{ id: 't1', status: 'active', size: 'big' }]),
        findings: [finding(listThings, 'response', 'body.data[0].size', 'type')],
      }),
    );
    const { provenance } = report.json();
    expect(provenance).toMatchObject({ hasMarkers: true, markers: 2, notExercised: 0, uncheckable: [], confirmed: 1, contradicted: 1 });
    expect(provenance.entries.map((entry) => `${entry.at} ${entry.verdict}`)).toEqual(['body.data[].status confirmed', 'body.data[].size contradicted']);
    const markdown = report.markdown();
    expect(markdown).toContain('2 markers; 2 exercised elements: 1 contradicted, 1 confirmed; 0 markers not exercised yet; 0 not checkable from traffic.');
    expect(markdown).toContain(
      '- contradicted: assumption `#/components/schemas/Thing/properties/size`, listThings response 200 `body.data[].size` (field): 1 of 1 exchange, rule type',
    );
    expect(markdown).toContain('- confirmed: assumption `#/components/schemas/Thing/properties/status`, listThings response 200 `body.data[].status` (enum): seen in 1 exchange');
  });

  test('on the published bundle (markers stripped) the report says there are none', () => {
    const published = publishedDocument(doc) as OpenApiDocument;
    const report = createProxyReport(tablesOf(published));
    report.add(exchangeOf(listThings, { responseBody: page([{ id: 't1', status: 'active', size: 1 }]) }));
    expect(report.json().provenance).toEqual({
      hasMarkers: false,
      message: 'no provenance markers in this spec',
      markers: 0,
      notExercised: 0,
      uncheckable: [],
      confirmed: 0,
      contradicted: 0,
      entries: [],
    });
    expect(report.markdown()).toContain('no provenance markers in this spec.');
  });
});

describe('no secret reaches the report', () => {
  const PASSWORD = 'p4ssw0rd-xyz';
  const TOKEN = 'tok-secret-123';

  test('neither a body password nor a bearer token, even when a finding quotes them', () => {
    const report = createProxyReport(tablesOf(doc));
    const secretExchange = exchangeOf(createThing, {
      status: 400,
      requestHeaders: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      requestBody: { kind: 'json', value: { name: 'widget', password: PASSWORD } },
      responseBody: { kind: 'json', value: { statusCode: 400, message: 'body.password is too short' } },
      findings: [
        { ...finding(createThing, 'request', 'body.password', 'minLength'), message: 'body.password must NOT have fewer than 20 characters' },
        // A message must never quote a value; should one do so anyway, the report still masks it.
        { ...finding(createThing, 'request', 'header.authorization', 'format'), message: `header.authorization: Bearer ${TOKEN} is malformed` },
        { ...finding(createThing, 'request', 'body', 'additionalProperties'), message: `body has ${PASSWORD} where a name belongs` },
      ],
    });
    report.add(secretExchange);
    report.add(exchangeOf(undefined, { path: '/login', requestHeaders: { authorization: `Bearer ${TOKEN}` }, requestBody: { kind: 'json', value: { password: PASSWORD } } }));

    const json = JSON.stringify(report.json());
    const markdown = report.markdown();
    for (const secret of [PASSWORD, TOKEN]) {
      expect(json).not.toContain(secret);
      expect(markdown).not.toContain(secret);
    }
    // What stays is useful: the place, the rule, the masked value, and the word Bearer.
    const findings = report.json().operations[0]!.findings;
    expect(findings.find((summary) => summary.path === 'body.password')!.sample).toEqual({
      message: 'body.password must NOT have fewer than 20 characters',
      excerpt: '"***"',
      status: 400,
    });
    expect(findings.find((summary) => summary.path === 'header.authorization')!.sample.message).toBe('header.authorization: Bearer *** is malformed');
  });

  test('a body excerpt shows non-secret values, cut short', () => {
    const report = createProxyReport(tablesOf(doc));
    const long = 'x'.repeat(200);
    report.add(
      exchangeOf(listThings, {
        responseBody: page([{ id: 't1', status: 'lost' }, { id: long, status: 'active' }]),
        findings: [finding(listThings, 'response', 'body.data[0].status', 'enum'), finding(listThings, 'response', 'body.data.1.id', 'maxLength')],
      }),
    );
    const findings = report.json().operations[0]!.findings;
    expect(findings.find((summary) => summary.rule === 'enum')!.sample.excerpt).toBe('"lost"');
    const excerpt = findings.find((summary) => summary.rule === 'maxLength')!.sample.excerpt!;
    expect(excerpt).toHaveLength(80);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
