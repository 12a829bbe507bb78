// The provenance check: which marked (gap-filled) elements of the spec the traffic exercised, and whether it agreed.
// Exchanges are built by hand; the spec is a small synthetic one, then the repository's source bundle (which keeps
// the markers the published bundle strips).
import { createSpecModel, type OpenApiDocument } from '@vendor/spec-model';
import { beforeAll, describe, expect, test } from 'vitest';
import { createProvenanceCheck, type ProvenanceEntry } from '../../../src/conformance/provenance/provenance-check.js';
import { readOperations, type MockOperation } from '../../../src/spec/operation-table.js';
import { exchangeOf, finding, operationNamed, operationsOf, tablesOf, thingsSpec } from './provenance-fixtures.js';
// @ts-expect-error: plain ESM helper without type declarations
import { bundleSpec } from '../../../../../scripts/lib/bundle.mjs';
// @ts-expect-error: plain ESM helper without type declarations
import { publishedDocument } from '../../../../../scripts/lib/published.mjs';

const STATUS_POINTER = '#/components/schemas/Thing/properties/status';
const SIZE_POINTER = '#/components/schemas/Thing/properties/size';

describe('a synthetic spec with two assumption markers', () => {
  const doc = thingsSpec();
  const operations = operationsOf(doc);
  const listThings = operationNamed(operations, 'listThings');
  const page = (things: unknown[]) => ({ kind: 'json' as const, value: { data: things } });

  test('one exchange confirms the enumeration and contradicts the field a finding lies under', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(
      exchangeOf(listThings, {
        responseBody: page([{ id: 't1', status: 'active', size: 'big', parent: { id: 't0', status: 'gone' } }]),
        findings: [finding(listThings, 'response', 'body.data[0].size', 'type')],
      }),
    );

    expect(check.hasMarkers).toBe(true);
    expect(check.entries()).toEqual<ProvenanceEntry[]>([
      {
        pointer: STATUS_POINTER,
        provenance: 'assumption',
        note: 'The values the console shows.',
        element: 'enum',
        operationId: 'listThings',
        direction: 'response',
        status: '200',
        at: 'body.data[].status',
        verdict: 'confirmed',
        seen: 1,
        contradictions: 0,
      },
      {
        pointer: SIZE_POINTER,
        provenance: 'assumption',
        element: 'field',
        operationId: 'listThings',
        direction: 'response',
        status: '200',
        at: 'body.data[].size',
        verdict: 'contradicted',
        seen: 1,
        contradictions: 1,
        rule: 'type',
      },
    ]);
  });

  test('the mock-style path (positions joined with dots) points at the same element', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(exchangeOf(listThings, { responseBody: page([{ id: 't1', status: 'active', size: 1 }, { id: 't2', status: 'active' }]) }));
    check.add(
      exchangeOf(listThings, {
        responseBody: page([{ id: 't3', status: 'active', size: 1.5 }]),
        findings: [finding(listThings, 'response', 'body.data.0.size', 'type')],
      }),
    );
    const size = check.entries().find((entry) => entry.pointer === SIZE_POINTER);
    expect(size).toMatchObject({ verdict: 'contradicted', seen: 2, contradictions: 1, rule: 'type' });
  });

  test('a missing required field is exercised through its finding', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(exchangeOf(listThings, { responseBody: page([{ id: 't1' }]), findings: [finding(listThings, 'response', 'body.data[0].status', 'required')] }));
    // The enumeration needs a value to be exercised; the finding alone does not show one.
    expect(check.entries()).toEqual([]);
  });

  test('traffic that does not reach a marked element leaves it out', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(exchangeOf(listThings, { responseBody: page([]) }));
    check.add(exchangeOf(listThings, { status: 503, responseBody: page([{ id: 't1', status: 'active', size: 1 }]) }));
    check.add(exchangeOf(undefined, { responseBody: page([{ id: 't1', status: 'active', size: 1 }]) }));
    expect(check.entries()).toEqual([]);
  });

  test("a status the proxy answered without the upstream says nothing of the service", () => {
    const check = createProvenanceCheck(tablesOf(doc));
    const body = page([{ id: 't1', status: 'active', size: 1 }]);
    check.add(exchangeOf(listThings, { status: 200, responseBody: body, proxyAnswer: { status: 200, reason: 'proxy-error' } }));
    check.add(exchangeOf(listThings, { status: 200, responseBody: body, proxyAnswer: { status: 400, reason: 'invalid-request' } }));
    expect(check.entries()).toEqual([]);
    // The upstream did answer when the proxy replaced an invalid response: that answer is judged.
    check.add(exchangeOf(listThings, { status: 200, responseBody: body, proxyAnswer: { status: 502, reason: 'invalid-response' } }));
    expect(check.entries().map((entry) => entry.seen)).toEqual([1, 1]);
  });

  test('a request finding does not touch response elements', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(
      exchangeOf(listThings, {
        responseBody: page([{ id: 't1', status: 'active', size: 2 }]),
        findings: [finding(listThings, 'request', 'body.data[0].size', 'type')],
      }),
    );
    expect(check.entries().map((entry) => entry.verdict)).toEqual(['confirmed', 'confirmed']);
  });

  test('the recursion through Thing.parent is not walked: the markers are met once, at the top', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    expect(check.markers.map((marker) => marker.pointer)).toEqual([STATUS_POINTER, SIZE_POINTER]);
    expect(check.uncheckable).toEqual([]);
  });

  test('a document without markers (the published bundle) says so and counts nothing', () => {
    const published = publishedDocument(doc) as OpenApiDocument;
    const check = createProvenanceCheck(tablesOf(published));
    check.add(exchangeOf(listThings, { responseBody: page([{ id: 't1', status: 'active', size: 'big' }]) }));
    expect(check.hasMarkers).toBe(false);
    expect(check.markers).toEqual([]);
    expect(check.entries()).toEqual([]);
  });
});

describe('status, parameter and nullability elements', () => {
  const doc = thingsSpec();
  doc.paths['/things'].get.responses['401']['x-provenance'] = 'service';
  doc.paths['/things'].get.parameters[0]['x-provenance'] = 'service';
  doc.components.schemas.Thing.properties.retiredAt = { type: ['string', 'null'], 'x-provenance': 'service' };
  doc.paths['/things'].get['x-provenance'] = 'service';
  const operations = operationsOf(doc);
  const listThings = operationNamed(operations, 'listThings');
  const unauthorized = { kind: 'json' as const, value: { statusCode: 401, message: 'no token' } };

  test('a marked response is exercised by its status; any response finding contradicts it', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(exchangeOf(listThings, { status: 401, responseBody: unauthorized }));
    check.add(exchangeOf(listThings, { status: 401, responseBody: unauthorized, findings: [finding(listThings, 'response', 'header.www-authenticate', 'required')] }));
    expect(check.entries()).toEqual([
      expect.objectContaining({ element: 'status', at: '401', status: '401', verdict: 'contradicted', seen: 2, contradictions: 1, rule: 'required' }),
    ]);
  });

  test('a marked query parameter is exercised when sent', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(exchangeOf(listThings, { query: new URLSearchParams('limit=5') }));
    check.add(exchangeOf(listThings, { query: new URLSearchParams('limit=x'), findings: [finding(listThings, 'request', 'query.limit', 'type')] }));
    check.add(exchangeOf(listThings));
    expect(check.entries()).toEqual([
      expect.objectContaining({ element: 'field', direction: 'request', at: 'query.limit', verdict: 'contradicted', seen: 2, contradictions: 1, rule: 'type' }),
    ]);
  });

  describe('a request-side rule: the upstream’s answer decides', () => {
    const badLimit = { query: new URLSearchParams('limit=x'), findings: [finding(listThings, 'request', 'query.limit', 'type')] };
    const goodLimit = { query: new URLSearchParams('limit=5') };
    const refusal = (text: string) => ({ kind: 'json' as const, value: { statusCode: 400, message: text } });
    const limitEntries = (check: ReturnType<typeof createProvenanceCheck>) => check.entries().filter((entry) => entry.at === 'query.limit');

    test('a request that breaks it and is refused confirms it, and is counted as refused', () => {
      const check = createProvenanceCheck(tablesOf(doc));
      check.add(exchangeOf(listThings, { ...badLimit, status: 400, responseBody: refusal('limit must be an integer') }));
      check.add(exchangeOf(listThings, { ...badLimit, status: 404, responseBody: refusal('not found') }));
      expect(limitEntries(check)).toEqual([expect.objectContaining({ direction: 'request', verdict: 'confirmed', seen: 2, contradictions: 0, refused: 2 })]);
      expect(limitEntries(check)[0]!.rule).toBeUndefined();
    });

    test('a request that breaks it and is accepted contradicts it', () => {
      const check = createProvenanceCheck(tablesOf(doc));
      check.add(exchangeOf(listThings, { ...badLimit, status: 400, responseBody: refusal('limit must be an integer') }));
      check.add(exchangeOf(listThings, { ...badLimit, status: 200 }));
      expect(limitEntries(check)).toEqual([expect.objectContaining({ verdict: 'contradicted', seen: 2, contradictions: 1, refused: 1, rule: 'type' })]);
    });

    test('a request that keeps it is confirmed when accepted, and contradicts it when refused as invalid naming it', () => {
      const accepted = createProvenanceCheck(tablesOf(doc));
      accepted.add(exchangeOf(listThings, { ...goodLimit, status: 200 }));
      expect(limitEntries(accepted)).toEqual([expect.objectContaining({ verdict: 'confirmed', seen: 1, contradictions: 0 })]);
      expect(limitEntries(accepted)[0]!.refused).toBeUndefined();
      const refused = createProvenanceCheck(tablesOf(doc));
      refused.add(exchangeOf(listThings, { ...goodLimit, status: 400, responseBody: refusal('limit must be at most 3') }));
      expect(limitEntries(refused)).toEqual([expect.objectContaining({ verdict: 'contradicted', seen: 1, contradictions: 1, rule: 'refused-valid-request' })]);
    });

    test('answers that say nothing of the rule leave it unjudged', () => {
      const check = createProvenanceCheck(tablesOf(doc));
      // A refusal naming something else, an authentication refusal, a 5xx, and the proxy's own refusal (strict).
      check.add(exchangeOf(listThings, { ...goodLimit, status: 400, responseBody: refusal('cursor is malformed') }));
      // Only a whole word names it: "limits" is another word.
      check.add(exchangeOf(listThings, { ...goodLimit, status: 400, responseBody: refusal('rate limits apply') }));
      check.add(exchangeOf(listThings, { ...badLimit, status: 401, responseBody: refusal('no token') }));
      check.add(exchangeOf(listThings, { ...badLimit, status: 503 }));
      check.add(exchangeOf(listThings, { ...badLimit, status: 400, proxyAnswer: { status: 400, reason: 'invalid-request' } }));
      expect(limitEntries(check)).toEqual([]);
    });
  });

  test('a nullable marked field: the field when present, the nullability when null was seen', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    check.add(exchangeOf(listThings, { responseBody: { kind: 'json', value: { data: [{ id: 't1', status: 'active', retiredAt: null }] } } }));
    check.add(exchangeOf(listThings, { responseBody: { kind: 'json', value: { data: [{ id: 't2', status: 'retired', retiredAt: '2026-01-01' }] } } }));
    const retired = check.entries().filter((entry) => entry.at === 'body.data[].retiredAt');
    expect(retired.map(({ element, seen, verdict }) => ({ element, seen, verdict }))).toEqual([
      { element: 'field', seen: 2, verdict: 'confirmed' },
      { element: 'nullability', seen: 1, verdict: 'confirmed' },
    ]);
  });

  test('a marker on an operation is listed as not checkable from traffic', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    expect(check.uncheckable.map((marker) => marker.pointer)).toEqual(['#/paths/~1things/get']);
  });
});

describe("the repository's source bundle", () => {
  let doc: OpenApiDocument;
  let operations: MockOperation[];
  beforeAll(async () => {
    doc = await bundleSpec();
    operations = readOperations(createSpecModel(doc));
  });

  // The markers are the spec model's (readProvenance), the same list scripts/provenance.mjs reports.
  test('plans every marker of the source bundle; only markers on operations are uncheckable', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    expect(check.markers.length).toBeGreaterThan(0);
    expect(check.uncheckable.length).toBeLessThan(check.markers.length);
    for (const marker of check.uncheckable) expect(marker.pointer).toMatch(/^#\/paths\/[^/]+\/(get|put|post|delete|patch)$/);
  });

  test('a marked shared response (401 of getTeam) is confirmed by an answer without findings', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    const getTeam = operationNamed(operations, 'getTeam');
    check.add(exchangeOf(getTeam, { status: 401, responseBody: { kind: 'json', value: { statusCode: 401, message: 'Missing or invalid Authorization header' } } }));
    expect(check.entries()).toContainEqual(
      expect.objectContaining({ pointer: '#/components/responses/ControlPlaneUnauthorized', provenance: 'assumption', element: 'status', operationId: 'getTeam', at: '401', verdict: 'confirmed', seen: 1 }),
    );
    expect(check.entries()).toContainEqual(expect.objectContaining({ pointer: '#/components/schemas/ControlPlaneError', element: 'field', at: 'body', verdict: 'confirmed' }));
  });

  test('a required header the upstream enforces (getFile without x-vendor-provider-name, refused with 400) is confirmed', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    const getFile = operationNamed(operations, 'getFile');
    check.add(
      exchangeOf(getFile, {
        status: 400,
        responseBody: { kind: 'json', value: { error: { message: 'header.x-vendor-provider-name is required', type: 'invalid_request_error' } } },
        findings: [finding(getFile, 'request', 'header.x-vendor-provider-name', 'required')],
      }),
    );
    const header = check.entries().filter((entry) => entry.at === 'header.x-vendor-provider-name');
    expect(header).toEqual([expect.objectContaining({ provenance: 'service', direction: 'request', verdict: 'confirmed', seen: 1, contradictions: 0, refused: 1 })]);
  });

  test("a marked response of one operation (getFile's 400) is contradicted by a finding in its body", () => {
    const check = createProvenanceCheck(tablesOf(doc));
    const getFile = operationNamed(operations, 'getFile');
    check.add(
      exchangeOf(getFile, {
        status: 400,
        responseBody: { kind: 'json', value: { error: { type: 'invalid_request_error' } } },
        findings: [finding(getFile, 'response', 'body.error.message', 'required')],
      }),
    );
    expect(check.entries()).toContainEqual(
      expect.objectContaining({ pointer: '#/paths/~1files~1{id}/get/responses/400', element: 'status', at: '400', verdict: 'contradicted', rule: 'required' }),
    );
  });

  test('a marked query parameter and a marked nullable property are exercised', () => {
    const check = createProvenanceCheck(tablesOf(doc));
    const turns = operationNamed(operations, 'listAgentSessionTurns');
    const getTeam = operationNamed(operations, 'getTeam');
    check.add(exchangeOf(turns, { query: new URLSearchParams('limit=5') }));
    check.add(exchangeOf(getTeam, { responseBody: { kind: 'json', value: { data: { id: 'team1', manifest: { name: 'a', type: null } } } } }));
    const seen = check.entries().map(({ operationId, element, at, verdict }) => `${operationId} ${element} ${at} ${verdict}`);
    expect(seen).toContain('listAgentSessionTurns field query.limit confirmed');
    expect(seen).toContain('getTeam nullability body.data.manifest.type confirmed');
  });
});
