// Base-URL routing by address space, tokens, default headers, options validation, resolveProxyUrl.
import { describe, expect, it } from 'vitest';
import { createPlatformClient, resolveProxyUrl, type FetchFunction } from '../src/index.js';
import { TOKEN } from './helpers/server.js';

function recorder(status = 200, body: unknown = { data: {} }) {
  const requests: Request[] = [];
  // The standard fetch signature: the typed methods pass (url, init), the raw clients a Request.
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch };
}

const opts = (fetch: FetchFunction) => ({
  baseUrl: 'https://cp.example.com/',
  gatewayBaseUrl: 'https://gw.example.com/base',
  token: TOKEN,
  fetch,
});

describe('address spaces', () => {
  it('control-plane operations go to baseUrl, gateway operations to gatewayBaseUrl', async () => {
    const { requests, fetch } = recorder();
    const platform = createPlatformClient(opts(fetch));
    await platform.getTeam({ params: { path: { id: 'team 1' } } });
    await platform.getBatch({ params: { path: { id: 'batch_1' } } });
    await platform.listResponseInputItems({ params: { path: { id: 'resp_1' } } });
    await platform.getFile({ params: { path: { id: 'file-1' }, header: { 'x-vendor-provider-name': 'openai' } } });
    await platform.listAgentSessionTurns({ params: { path: { tenantName: 'acme', sessionId: 's1' }, query: { limit: 5 } } });
    await platform.deleteMlRepo({ params: { path: { id: 'repo-1' } } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://cp.example.com/api/svc/v1/teams/team%201',
      'GET https://gw.example.com/base/batches/batch_1',
      'GET https://gw.example.com/base/responses/resp_1/input_items',
      'GET https://gw.example.com/base/files/file-1',
      'GET https://gw.example.com/base/acme/v1/agents/sessions/s1/turns?limit=5',
      'DELETE https://cp.example.com/api/ml/v1/ml-repos/repo-1',
    ]);
    expect(requests[3]!.headers.get('x-vendor-provider-name')).toBe('openai');
  });

  it('the raw clients use the same base URLs and token', async () => {
    const { requests, fetch } = recorder();
    const platform = createPlatformClient(opts(fetch));
    const cp = await platform.raw.controlPlane.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 't' } } });
    const gw = await platform.raw.gateway.GET('/files/{id}', { params: { path: { id: 'f' }, header: { 'x-vendor-provider-name': 'p' } } });
    expect(cp.data).toEqual({ data: {} });
    expect(gw.response.status).toBe(200);
    expect(requests.map((r) => r.url)).toEqual(['https://cp.example.com/api/svc/v1/teams/t', 'https://gw.example.com/base/files/f']);
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('the raw clients return errors instead of throwing', async () => {
    const { fetch } = recorder(404, { statusCode: 404, message: 'nf' });
    const platform = createPlatformClient(opts(fetch));
    const result = await platform.raw.controlPlane.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 't' } } });
    expect(result.error).toEqual({ statusCode: 404, message: 'nf' });
  });

  it('a gateway operation without gatewayBaseUrl fails clearly and sends nothing', async () => {
    const { requests, fetch } = recorder();
    const platform = createPlatformClient({ baseUrl: 'https://cp.example.com', token: TOKEN, fetch });
    await expect(platform.getBatch({ params: { path: { id: 'b' } } })).rejects.toThrow('getBatch is a gateway operation: pass gatewayBaseUrl');
    expect(requests).toHaveLength(0);
  });

  it('methods with no required input can be called with no argument', async () => {
    const { requests, fetch } = recorder(200, { data: [], pagination: { total: 0, offset: 0, limit: 10 } });
    const platform = createPlatformClient(opts(fetch));
    await expect(platform.listAgentSkillVersions()).resolves.toEqual({ data: [], pagination: { total: 0, offset: 0, limit: 10 } });
    expect(requests[0]!.url).toBe('https://cp.example.com/api/svc/v1/agent-skill-versions');
  });

  it('every generated operation is a method', async () => {
    const { operations } = await import('../src/generated/operations.js');
    const platform = createPlatformClient(opts(recorder().fetch)) as unknown as Record<string, unknown>;
    const ids = Object.keys(operations);
    expect(ids.length).toBeGreaterThanOrEqual(18);
    for (const id of ids) expect(typeof platform[id]).toBe('function');
  });
});

describe('token and headers', () => {
  it('calls a token function for every request (rotation)', async () => {
    const { requests, fetch } = recorder();
    let n = 0;
    const platform = createPlatformClient({ ...opts(fetch), token: () => `token-${++n}` });
    await platform.getTeam({ params: { path: { id: 'a' } } });
    await platform.getTeam({ params: { path: { id: 'b' } } });
    await platform.raw.controlPlane.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 'c' } } });
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3']);
  });

  it('sends default headers and per-call headers, JSON bodies with content-type', async () => {
    const { requests, fetch } = recorder();
    const platform = createPlatformClient({ ...opts(fetch), headers: { 'x-app': 'demo', 'x-both': 'client' } });
    await platform.getArtifactVersionSignedUrls({ body: { id: 'av-1', paths: ['a.txt'] }, headers: { 'x-both': 'call' } });
    const req = requests[0]!;
    expect(req.headers.get('x-app')).toBe('demo');
    expect(req.headers.get('x-both')).toBe('call');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(await req.json()).toEqual({ id: 'av-1', paths: ['a.txt'] });
  });

  it('a token provider that fails rejects the call without sending it', async () => {
    const { requests, fetch } = recorder();
    const platform = createPlatformClient({ ...opts(fetch), token: async () => { throw new Error('vault unavailable'); } });
    await expect(platform.getTeam({ params: { path: { id: 'a' } } })).rejects.toThrow('vault unavailable');
    expect(requests).toHaveLength(0);
  });

  it('validates options', () => {
    const fetch = recorder().fetch;
    expect(() => createPlatformClient({ baseUrl: '', token: TOKEN, fetch })).toThrow('baseUrl must be an absolute http(s) URL');
    expect(() => createPlatformClient({ baseUrl: 'cp.example.com', token: TOKEN, fetch })).toThrow('baseUrl must be an absolute http(s) URL');
    expect(() => createPlatformClient({ baseUrl: 'https://x', gatewayBaseUrl: 'ftp://gw', token: TOKEN, fetch })).toThrow('gatewayBaseUrl must be');
    expect(() => createPlatformClient({ baseUrl: 'https://x', token: '', fetch })).toThrow('token is required');
    expect(() => createPlatformClient({ baseUrl: 'https://x', token: TOKEN, maxRetries: -1 })).toThrow('maxRetries');
    expect(() => createPlatformClient({ baseUrl: 'https://x', token: TOKEN, timeoutMs: Number.NaN })).toThrow('timeoutMs');
    expect(() => createPlatformClient({ baseUrl: 'https://x', token: TOKEN, timeoutMs: -5 })).toThrow('timeoutMs');
  });

  it('timeoutMs 0 or Infinity means no timeout rather than an immediate one', async () => {
    const slowFetch = async () => {
      await new Promise((r) => setTimeout(r, 20));
      return Response.json({ data: { id: 't' } });
    };
    for (const timeoutMs of [0, Number.POSITIVE_INFINITY, 2 ** 40]) {
      const platform = createPlatformClient({ baseUrl: 'https://x', token: TOKEN, timeoutMs, fetch: slowFetch });
      await expect(platform.getTeam({ params: { path: { id: 't' } } })).resolves.toEqual({ data: { id: 't' } });
    }
  });
});

describe('resolveProxyUrl', () => {
  it('replaces the {{mcpProxyBaseURL}} placeholder with the gateway base URL', () => {
    expect(resolveProxyUrl('{{mcpProxyBaseURL}}/mcp/acme/filesystem-tools/server', 'https://gw.example.com')).toBe(
      'https://gw.example.com/mcp/acme/filesystem-tools/server',
    );
    expect(resolveProxyUrl('{{mcpProxyBaseURL}}/mcp/x', 'https://gw.example.com/')).toBe('https://gw.example.com/mcp/x');
    expect(resolveProxyUrl('https://already.example.com/x', 'https://gw')).toBe('https://already.example.com/x');
    expect(resolveProxyUrl(null, 'https://gw')).toBeNull();
    expect(() => resolveProxyUrl('{{mcpProxyBaseURL}}', '')).toThrow('gatewayBaseUrl');
  });

  it('is also a client method using the configured gatewayBaseUrl', () => {
    const platform = createPlatformClient(opts(recorder().fetch));
    expect(platform.resolveProxyUrl('{{mcpProxyBaseURL}}/mcp/a')).toBe('https://gw.example.com/base/mcp/a');
  });
});
