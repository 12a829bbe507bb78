// The `fetch` option has the standard signature: the typed methods call it as fetch(url, init) (no Request, whose
// body undici would copy again), the raw clients with a Request. And the client's resolveProxyUrl takes what the
// standalone one takes.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPlatformClient, type FetchFunction, type PlatformClientOptions } from '../src/index.js';
import { TOKEN } from './helpers/server.js';

function recordCalls() {
  const calls: Array<{ input: unknown; init: RequestInit | undefined }> = [];
  const fetch: FetchFunction = async (input, init) => {
    calls.push({ input, init });
    return Response.json({ data: { id: 'x' } });
  };
  return { calls, fetch };
}

describe('the fetch option', () => {
  it('typed methods call fetch(url, init): a string URL, the method, headers, body and the attempt signal', async () => {
    const { calls, fetch } = recordCalls();
    const platform = createPlatformClient({ baseUrl: 'https://cp.example.com', token: TOKEN, fetch });
    await platform.getTeam({ params: { path: { id: 't 1' } } });
    const body = { id: 'av-1', paths: ['a.txt'] };
    await platform.getArtifactVersionSignedUrls({ body });
    expect(calls.map((c) => c.input)).toEqual([
      'https://cp.example.com/api/svc/v1/teams/t%201',
      'https://cp.example.com/api/ml/v1/artifact-versions/signed-urls',
    ]);
    const get = calls[0]!.init!;
    const post = calls[1]!.init!;
    expect(get.method).toBe('GET');
    expect(get.body).toBeUndefined();
    expect(get.signal).toBeInstanceOf(AbortSignal);
    expect(new Headers(get.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(post.method).toBe('POST');
    expect(post.body).toBe(JSON.stringify(body));
    expect(new Headers(post.headers).get('content-type')).toBe('application/json');
  });

  it('without a time limit the signal is the caller’s own (or none)', async () => {
    const { calls, fetch } = recordCalls();
    const platform = createPlatformClient({ baseUrl: 'https://cp.example.com', token: TOKEN, fetch, timeoutMs: 0 });
    const controller = new AbortController();
    await platform.getTeam({ params: { path: { id: 't' } }, signal: controller.signal });
    await platform.getTeam({ params: { path: { id: 't' } } });
    expect(calls.map((c) => c.init!.signal)).toEqual([controller.signal, undefined]);
  });

  it('the raw clients call it with a Request', async () => {
    const { calls, fetch } = recordCalls();
    const platform = createPlatformClient({ baseUrl: 'https://cp.example.com', token: TOKEN, fetch });
    await platform.raw.controlPlane.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 't' } } });
    expect(calls[0]!.input).toBeInstanceOf(Request);
    expect((calls[0]!.input as Request).url).toBe('https://cp.example.com/api/svc/v1/teams/t');
  });

  it('accepts globalThis.fetch and any function of the standard signature', () => {
    expectTypeOf(globalThis.fetch).toMatchTypeOf<NonNullable<PlatformClientOptions['fetch']>>();
    expectTypeOf<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>().toMatchTypeOf<FetchFunction>();
    // A fetch that only takes a Request no longer fits: the typed methods pass a URL string.
    expectTypeOf<(request: Request) => Promise<Response>>().not.toMatchTypeOf<FetchFunction>();
  });
});

describe('platform.resolveProxyUrl', () => {
  it('accepts string | null | undefined, like the standalone function', () => {
    const platform = createPlatformClient({ baseUrl: 'https://cp.example.com', gatewayBaseUrl: 'https://gw.example.com/', token: TOKEN });
    const fromServer: string | null | undefined = Math.random() > 2 ? 'never' : null;
    expect(platform.resolveProxyUrl(fromServer)).toBeNull();
    expect(platform.resolveProxyUrl(undefined)).toBeUndefined();
    expect(platform.resolveProxyUrl('{{mcpProxyBaseURL}}/mcp/a')).toBe('https://gw.example.com/mcp/a');
    expectTypeOf(platform.resolveProxyUrl('x')).toEqualTypeOf<string>();
    expectTypeOf(platform.resolveProxyUrl(fromServer)).toEqualTypeOf<string | null | undefined>();
  });
});
