// The proxy in front of an upstream that breaks the contract: every deviation is reported (operation, direction,
// path, rule) and counted in x-contract-findings; strict mode turns answers with findings into a 502 in the
// operation's error shape and refuses invalid requests before they reach the upstream.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type CheckedExchange, type Finding, type RunningProxy } from '../../src/index.js';
import { firstSuccess, loadModel, validRequest } from '../helpers/spec.js';
import { chunkedJson, json, startUpstreamDouble, text, type Answer, type UpstreamDouble } from './upstream-double.js';

const model = loadModel();
const TOKEN = 'Bearer proxy-test-token';

/** The documented list of skill versions, broken three ways: a required field gone, a string for an integer, a number for a string. */
function brokenSkillVersions(): any {
  const body = structuredClone(firstSuccess(model.operation('listAgentSkillVersions')).example) as any;
  delete body.pagination.offset;
  body.pagination.total = String(body.pagination.total);
  body.data[0].id = 42;
  return body;
}

/** The documented batch with a string where an integer (or null) belongs. */
function brokenBatch(): any {
  const body = structuredClone(firstSuccess(model.operation('getBatch')).example) as any;
  body.request_counts.total = String(body.request_counts.total);
  return body;
}

/** The documented MCP server with a required field gone. */
function brokenMcpServer(): any {
  const body = structuredClone(firstSuccess(model.operation('getMcpServer')).example) as any;
  delete body.data;
  return body;
}

/** Larger than the 10 MB the proxy holds to check; otherwise the same broken answer. */
function hugeMcpServer(): any {
  return { ...brokenMcpServer(), padding: 'x'.repeat(11 * 1024 * 1024) };
}

const ROUTES: Record<string, Answer> = {
  'GET /api/svc/v1/mcp-servers/gzipped': (res) => {
    const bytes = gzipSync(JSON.stringify(brokenMcpServer()));
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bytes.length });
    res.end(bytes);
  },
  'GET /api/svc/v1/mcp-servers/huge': json(200, hugeMcpServer()),
  'GET /api/svc/v1/mcp-servers/broken-off': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
    res.write('{"data":');
    setImmediate(() => res.destroy());
  },
  'GET /api/svc/v1/agent-skill-versions': chunkedJson(200, brokenSkillVersions()),
  'GET /batches/batch_1': json(200, brokenBatch()),
  'GET /api/svc/v1/teams/team_1': json(418, { statusCode: 418, message: "I'm a teapot", code: 418 }),
  'GET /api/svc/v1/virtual-accounts/va_1': text(200, '<html>maintenance</html>', 'text/html'),
  'GET /api/svc/v1/not-in-the-spec': json(200, { ok: true }),
  'GET /downloads/report.csv': text(200, 'a,b\n1,2\n', 'text/csv'),
  'GET /api/ml/v1/artifact-versions/av_1': json(200, firstSuccess(model.operation('getArtifactVersion')).example),
  // With headers for this hop only (named by Connection), which must not reach the client, beside ones that must.
  'PUT /api/ml/v1/model-versions': json(200, firstSuccess(model.operation('createOrUpdateModelVersion')).example, {
    connection: 'x-upstream-hop',
    'x-upstream-hop': 'drop me',
    'x-upstream': 'kept',
  }),
};

async function get(base: string, path: string): Promise<{ status: number; headers: Headers; text: string; body: any }> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: TOKEN } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** The findings without their messages, which are prose. */
const located = (findings: readonly Finding[]) => findings.map(({ operationId, direction, path, rule }) => ({ operationId, direction, path, rule }));

describe('proxy in front of a deviant upstream', { timeout: 2 * 60_000 }, () => {
  let upstream: UpstreamDouble;
  let proxy: RunningProxy;
  let strict: RunningProxy;
  const exchanges: CheckedExchange[] = [];
  const lastExchange = async (path: string) => {
    await expect.poll(() => exchanges.some((e) => e.path === path)).toBe(true);
    return exchanges.filter((e) => e.path === path).at(-1)!;
  };

  beforeAll(async () => {
    upstream = await startUpstreamDouble(ROUTES);
    proxy = await startProxy({ upstream: upstream.url, onExchange: (exchange) => exchanges.push(exchange) });
    strict = await startProxy({ upstream: upstream.url, strict: true, onExchange: (exchange) => exchanges.push(exchange) });
  });

  afterAll(async () => {
    await proxy?.close();
    await strict?.close();
    await upstream?.close();
  });

  describe('pass-through (default)', () => {
    it('reports a dropped required field and wrong types with operation, direction, JSON path and rule; passes the body on unchanged', async () => {
      const answer = await get(proxy.url, '/api/svc/v1/agent-skill-versions');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(brokenSkillVersions());
      const exchange = await lastExchange('/api/svc/v1/agent-skill-versions');
      expect(located(exchange.findings)).toEqual(
        expect.arrayContaining([
          { operationId: 'listAgentSkillVersions', direction: 'response', path: 'body.pagination.offset', rule: 'required' },
          { operationId: 'listAgentSkillVersions', direction: 'response', path: 'body.pagination.total', rule: 'type' },
          { operationId: 'listAgentSkillVersions', direction: 'response', path: 'body.data[0].id', rule: 'type' },
        ]),
      );
      expect(exchange.findings).toHaveLength(3);
      expect(answer.headers.get('x-contract-findings')).toBe('3');
      expect(exchange.responseBody).toEqual({ kind: 'json', value: brokenSkillVersions() });
      // Findings say where, never what: the wrong value appears in no message.
      expect(JSON.stringify(exchange.findings)).not.toContain('"1"');
    });

    it('reports an undocumented status (rule undocumented-status, path status)', async () => {
      const answer = await get(proxy.url, '/api/svc/v1/teams/team_1');
      expect(answer.status).toBe(418);
      expect(answer.headers.get('x-contract-findings')).toBe('1');
      const exchange = await lastExchange('/api/svc/v1/teams/team_1');
      expect(located(exchange.findings)).toEqual([{ operationId: 'getTeam', direction: 'response', path: 'status', rule: 'undocumented-status' }]);
      expect(exchange.status).toBe(418);
    });

    it('forwards a path the spec does not have to the upstream and reports it as unknown-operation', async () => {
      const before = upstream.seen.length;
      const answer = await get(proxy.url, '/api/svc/v1/not-in-the-spec?x=1');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      expect(answer.headers.get('x-contract-findings')).toBe('1');
      expect(upstream.seen.slice(before).map((r) => r.target)).toEqual(['/api/svc/v1/not-in-the-spec?x=1']);
      const exchange = await lastExchange('/api/svc/v1/not-in-the-spec');
      expect(exchange.operation).toBeUndefined();
      expect(located(exchange.findings)).toEqual([{ operationId: null, direction: 'request', path: '/api/svc/v1/not-in-the-spec', rule: 'unknown-operation' }]);
    });

    it('streams a non-JSON answer through unchanged', async () => {
      const answer = await get(proxy.url, '/downloads/report.csv');
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('a,b\n1,2\n');
      expect(answer.headers.get('content-type')).toBe('text/csv');
      const exchange = await lastExchange('/downloads/report.csv');
      expect(exchange.responseBody).toEqual({ kind: 'other', mediaType: 'text/csv', bytes: 8 });
    });

    it('reports a media type the documented response does not name, from the headers of a streamed answer', async () => {
      const answer = await get(proxy.url, '/api/svc/v1/virtual-accounts/va_1');
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('<html>maintenance</html>');
      expect(answer.headers.get('x-contract-findings')).toBe('1');
      const exchange = await lastExchange('/api/svc/v1/virtual-accounts/va_1');
      expect(located(exchange.findings)).toEqual([{ operationId: 'getVirtualAccount', direction: 'response', path: 'header.content-type', rule: 'media_type' }]);
    });

    it('reports an invalid request but still forwards it', async () => {
      const before = upstream.seen.length;
      const answer = await get(proxy.url, '/api/svc/v1/agent-skill-versions?limit=0');
      expect(upstream.seen.slice(before).map((r) => r.target)).toEqual(['/api/svc/v1/agent-skill-versions?limit=0']);
      expect(answer.status).toBe(200);
      const exchange = await lastExchange('/api/svc/v1/agent-skill-versions');
      expect(located(exchange.findings)).toContainEqual({ operationId: 'listAgentSkillVersions', direction: 'request', path: 'query.limit', rule: 'minimum' });
      expect(answer.headers.get('x-contract-findings')).toBe('4');
    });

    it('checks a gzip-encoded JSON answer after decoding it, and passes the encoded bytes on', async () => {
      const answer = await get(proxy.url, '/api/svc/v1/mcp-servers/gzipped');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(brokenMcpServer());
      expect(answer.headers.get('x-contract-findings')).toBe('1');
      const exchange = await lastExchange('/api/svc/v1/mcp-servers/gzipped');
      expect(located(exchange.findings)).toEqual([{ operationId: 'getMcpServer', direction: 'response', path: 'body.data', rule: 'required' }]);
    });

    it('streams a JSON answer past 10 MB on whole and unchecked', async () => {
      const answer = await get(proxy.url, '/api/svc/v1/mcp-servers/huge');
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(JSON.stringify(hugeMcpServer()));
      expect(answer.headers.get('x-contract-findings')).toBeNull();
      const exchange = await lastExchange('/api/svc/v1/mcp-servers/huge');
      expect(exchange.findings).toEqual([]);
      expect(exchange.responseBody).toEqual({ kind: 'other', mediaType: 'application/json', bytes: answer.text.length });
    });

    it('answers 502 naming the host when the upstream breaks off a JSON answer', async () => {
      const answer = await get(proxy.url, '/api/svc/v1/mcp-servers/broken-off');
      expect(answer.status).toBe(502);
      expect(answer.body.message).toContain(new URL(upstream.url).host);
      const exchange = await lastExchange('/api/svc/v1/mcp-servers/broken-off');
      expect(exchange.proxyAnswer).toEqual({ status: 502, reason: 'broken-answer' });
    });

    it('answers with no x-contract-findings header when nothing is wrong', async () => {
      const answer = await get(proxy.url, '/api/ml/v1/artifact-versions/av_1');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-contract-findings')).toBeNull();
      expect((await lastExchange('/api/ml/v1/artifact-versions/av_1')).findings).toEqual([]);
    });

    it('forwards method, path, query, headers (Authorization included) and body; drops hop-by-hop headers both ways', async () => {
      const entry = model.operation('createOrUpdateModelVersion');
      const documented = validRequest(proxy.url, entry, 'secret-token');
      const body = documented.init.body as string;
      const before = upstream.seen.length;
      const answer = await rawRequest(`${proxy.url}/api/ml/v1/model-versions?dryRun=1&dryRun=2`, {
        method: 'PUT',
        headers: {
          authorization: 'Bearer secret-token',
          'content-type': 'application/json',
          'x-trace': 'abc',
          connection: 'keep-alive, x-only-for-this-hop',
          'x-only-for-this-hop': 'drop me',
          'keep-alive': 'timeout=5',
        },
        body,
      });
      expect(answer.status).toBe(200);
      const [seen] = upstream.seen.slice(before);
      expect(seen!.method).toBe('PUT');
      expect(seen!.target).toBe('/api/ml/v1/model-versions?dryRun=1&dryRun=2');
      expect(seen!.body).toBe(body);
      expect(seen!.headers).toMatchObject({ authorization: 'Bearer secret-token', 'content-type': 'application/json', 'x-trace': 'abc', host: new URL(upstream.url).host });
      expect(seen!.headers['x-only-for-this-hop']).toBeUndefined();
      expect(seen!.headers['keep-alive']).toBeUndefined();
      expect(answer.headers['x-upstream']).toBe('kept');
      expect(answer.headers['x-upstream-hop']).toBeUndefined();
    });
  });

  describe('strict', () => {
    it('replaces an answer with findings by a 502 in the operation shape listing them; the upstream was asked', async () => {
      const before = upstream.seen.length;
      const answer = await get(strict.url, '/api/svc/v1/agent-skill-versions');
      expect(upstream.seen.length).toBe(before + 1);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('x-contract-findings')).toBe('3');
      expect(answer.body).toMatchObject({ statusCode: 502, code: 502 });
      expect(answer.body.message).toContain('listAgentSkillVersions');
      expect(answer.body.details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'response.body.pagination.offset', rule: 'required' }),
          expect.objectContaining({ path: 'response.body.pagination.total', rule: 'type' }),
          expect.objectContaining({ path: 'response.body.data[0].id', rule: 'type' }),
        ]),
      );
      expect(answer.body.details).toHaveLength(3);
      const exchange = await lastExchange('/api/svc/v1/agent-skill-versions');
      expect(exchange.status).toBe(200);
      expect(exchange.proxyAnswer).toEqual({ status: 502, reason: 'invalid-response' });
    });

    it('answers a gateway operation with findings in the gateway shape', async () => {
      const answer = await get(strict.url, '/batches/batch_1');
      expect(answer.status).toBe(502);
      expect(answer.body.error).toMatchObject({ type: 'server_error', code: 'type', param: 'body.request_counts.total' });
      expect(answer.body.error.message).toContain('getBatch');
    });

    it('replaces an undocumented status by a 502', async () => {
      const answer = await get(strict.url, '/api/svc/v1/teams/team_1');
      expect(answer.status).toBe(502);
      expect(answer.body.details).toEqual([expect.objectContaining({ path: 'response.status', rule: 'undocumented-status' })]);
    });

    it('replaces a streamed answer of the wrong media type by a 502', async () => {
      const answer = await get(strict.url, '/api/svc/v1/virtual-accounts/va_1');
      expect(answer.status).toBe(502);
      expect(answer.body.details).toEqual([expect.objectContaining({ path: 'response.header.content-type', rule: 'media_type' })]);
    });

    it('still forwards a path the spec does not have', async () => {
      const answer = await get(strict.url, '/api/svc/v1/not-in-the-spec');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      expect(answer.headers.get('x-contract-findings')).toBe('1');
    });

    it('passes a valid exchange through untouched', async () => {
      const answer = await get(strict.url, '/api/ml/v1/artifact-versions/av_1');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(firstSuccess(model.operation('getArtifactVersion')).example);
    });

    it('answers an invalid request itself (400, control-plane shape); the upstream never sees it', async () => {
      const before = upstream.seen.length;
      const answer = await get(strict.url, '/api/svc/v1/agent-skill-versions?limit=0');
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([expect.objectContaining({ path: 'query.limit', rule: 'minimum' })]);
      expect(answer.headers.get('x-contract-findings')).toBe('1');
      expect(upstream.seen.length).toBe(before);
      const exchange = await lastExchange('/api/svc/v1/agent-skill-versions');
      expect(exchange.proxyAnswer).toEqual({ status: 400, reason: 'invalid-request' });
    });

    it('answers an invalid request body itself (422, ML shape); the upstream never sees it', async () => {
      const before = upstream.seen.length;
      const res = await fetch(`${strict.url}/api/ml/v1/model-versions`, {
        method: 'PUT',
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ manifest: { type: 'model-version' } }),
      });
      const body = await res.json();
      expect(res.status).toBe(422);
      expect(body.detail.length).toBeGreaterThan(0);
      expect(body.detail[0].loc[0]).toBe('body');
      expect(upstream.seen.length).toBe(before);
    });
  });

  it('GET /_proxy/report lists the findings and counts calls per operation', async () => {
    const report = (await get(proxy.url, '/_proxy/report')).body;
    const getTeam = report.operations.find((entry: { operationId: string }) => entry.operationId === 'getTeam');
    expect(getTeam).toMatchObject({ calls: 1, statuses: { '418': 1 } });
    expect(getTeam.findings).toContainEqual(expect.objectContaining({ direction: 'response', path: 'status', rule: 'undocumented-status', count: 1 }));
    const unknownCalls = report.unknownOperations.reduce((sum: number, entry: { calls: number }) => sum + entry.calls, 0);
    expect(unknownCalls).toBe(2);
    expect(report.totals.findings).toBeGreaterThan(0);
    expect(proxy.markdown()).toContain('getTeam');
    expect(proxy.markdown()).toContain('undocumented-status');
  });
});

/** A request through node:http, which (unlike fetch) sends Connection and Keep-Alive as given. */
function rawRequest(url: string, options: { method: string; headers: Record<string, string>; body: string }): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
