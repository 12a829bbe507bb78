// Issue 2 "Examples": every example in the document validates against its schema; every request body
// and response has at least one named example; realistic values (MCP fqn, ISO timestamps, a proxyUrl
// with the literal {{mcpProxyBaseURL}} placeholder).
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { compile, doc, errorsOf, operation, operations, parameters } from './lib/spec.js';

interface Media {
  where: string;
  media: any;
}

// Every media type of every request body and response (operation-level and components.responses).
const medias: Media[] = [];
for (const o of operations) {
  const rb = o.op.requestBody && resolveRef(doc, o.op.requestBody);
  for (const [mt, media] of Object.entries(rb?.content ?? {})) medias.push({ where: `${o.operationId} requestBody ${mt}`, media });
  for (const [code, r] of Object.entries(o.op.responses ?? {}))
    for (const [mt, media] of Object.entries(resolveRef(doc, r).content ?? {})) medias.push({ where: `${o.operationId} ${code} ${mt}`, media });
}
for (const [name, r] of Object.entries(doc.components.responses ?? {}))
  for (const [mt, media] of Object.entries((r as any).content ?? {})) medias.push({ where: `components.responses.${name} ${mt}`, media });

const exampleRows = medias.flatMap(({ where, media }) => [
  ...Object.entries(media.examples ?? {}).map(([name, ex]) => ({ where, name, value: resolveRef(doc, ex).value, schema: media.schema })),
  ...('example' in media ? [{ where, name: '(example)', value: media.example, schema: media.schema }] : []),
]);

const paramRows = operations.flatMap((o) =>
  parameters(o.operationId).flatMap((p) => [
    ...('example' in p ? [{ where: `${o.operationId} ${p.in} ${p.name}`, name: 'example', value: p.example, schema: p.schema }] : []),
    ...Object.entries(p.examples ?? {}).map(([n, ex]) => ({ where: `${o.operationId} ${p.in} ${p.name}`, name: n, value: resolveRef(doc, ex).value, schema: p.schema })),
  ]),
);

// Schema-level `examples` (2020-12) / `example` (OpenAPI) annotations.
const schemaExampleRows = Object.entries(doc.components.schemas).flatMap(([name, s]: [string, any]) => [
  ...(s.examples ?? []).map((value: unknown, i: number) => ({ where: `components.schemas.${name}`, name: `examples[${i}]`, value, schema: { $ref: `#/components/schemas/${name}` } })),
  ...('example' in s ? [{ where: `components.schemas.${name}`, name: 'example', value: s.example, schema: { $ref: `#/components/schemas/${name}` } }] : []),
]);

describe('Every example validates against its schema', () => {
  it('there are examples to check (at least one per request body and response)', () => {
    expect(exampleRows.length).toBeGreaterThanOrEqual(medias.length);
  });
  it.each([...exampleRows, ...paramRows, ...schemaExampleRows])('$where: $name', ({ value, schema }) => {
    const v = compile(schema);
    expect(v(value), errorsOf(v)).toBe(true);
  });
});

describe('Every request body and response has at least one named example', () => {
  it.each(medias)('$where', ({ media }) => {
    const entries = Object.entries(media.examples ?? {});
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, ex] of entries) {
      const e = resolveRef(doc, ex);
      expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
      expect('value' in e, name).toBe(true);
      expect(e.summary?.trim(), `${name} summary`).toBeTruthy();
    }
  });
});

describe('Realistic example values', () => {
  const firstValue = (operationId: string, status = '200') => resolveRef(doc, Object.values(resolveRef(doc, operation(operationId).op.responses[status]).content['application/json'].examples)[0]).value;

  it('an MCP proxyUrl example contains the literal {{mcpProxyBaseURL}} (create/update and read)', () => {
    expect(firstValue('createOrUpdateMcpServer').data.proxyUrl).toContain('{{mcpProxyBaseURL}}');
    expect(firstValue('getMcpServer').data.proxyUrl).toContain('{{mcpProxyBaseURL}}');
  });

  it('MCPServerV2 example fqn has the form <tenant>:mcp-server:<name>', () => {
    const d = firstValue('createOrUpdateMcpServer').data;
    expect(d.fqn).toBe(`${d.tenantName}:mcp-server:${d.manifest.name}`);
  });

  it('the PUT /mcp request examples show all five manifest variants', () => {
    const ex = operation('createOrUpdateMcpServer').op.requestBody.content['application/json'].examples;
    const types = Object.values(ex).map((e: any) => resolveRef(doc, e).value.manifest.type).sort();
    expect(types).toEqual(['mcp-server/openapi', 'mcp-server/remote', 'mcp-server/stdio', 'mcp-server/vendor-managed', 'mcp-server/virtual']);
  });

  it('date-time example values are ISO 8601 and batch/file timestamps are integers', () => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    const mcp = firstValue('createOrUpdateMcpServer').data;
    expect(mcp.createdAt).toMatch(iso);
    expect(Number.isInteger(firstValue('getBatch').created_at)).toBe(true);
    expect(Number.isInteger(firstValue('getFile').created_at)).toBe(true);
  });

  // The turns examples are consecutive pages of one session: following next_page_token from the first
  // page walks one previous_turn_id chain down to the session's first turn, which has no
  // previous_turn_id. The sandbox seeds its long session from this chain.
  it('the turns examples are the pages of one session, newest first, chained by previous_turn_id', () => {
    const media = resolveRef(doc, operation('listAgentSessionTurns').op.responses['200']).content['application/json'];
    const pages = Object.values(media.examples).map((e: any) => resolveRef(doc, e).value);
    const turns: any[] = [];
    let page: any = pages[0];
    while (page) {
      turns.push(...page.data);
      const token = page.pagination.next_page_token;
      page = token ? pages.find((p: any) => p.data[0]?.id === token) : undefined;
      if (token) expect(page, `a page starts at ${token}`).toBeTruthy();
    }
    expect(turns.length).toBeGreaterThanOrEqual(5);
    for (let i = 0; i + 1 < turns.length; i++) {
      expect(turns[i].previous_turn_id).toBe(turns[i + 1].id);
      expect(Date.parse(turns[i].created_at)).toBeGreaterThan(Date.parse(turns[i + 1].created_at));
    }
    expect(turns.at(-1)).not.toHaveProperty('previous_turn_id');
    expect(new Set(turns.map((t) => t.state.status))).toEqual(new Set(['running', 'done', 'cancelled', 'error']));
  });
});
