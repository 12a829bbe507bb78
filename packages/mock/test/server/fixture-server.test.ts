// startMock on a small fixture spec: the pipeline pieces the real spec cannot show
// (a response example that breaks its own schema, a $ref'd 401 response, the warning hook).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startMock, type RunningMock } from '../../src/index.js';

const spec = fileURLToPath(new URL('../fixtures/mini-spec.json', import.meta.url));
const auth = { authorization: 'Bearer test-token' };
let mock: RunningMock;
const warnings: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  mock = await startMock({ spec, onWarning: (line) => warnings.push(line), onRequest: (line) => requests.push(line) });
});
afterAll(() => mock.close());

describe('startMock (fixture spec)', () => {
  it('listens on 127.0.0.1 with an OS-assigned port', () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.url).not.toMatch(/:0$/);
  });

  it('turns a success example that violates its schema into a 500 and a logged warning', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: auth });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ statusCode: 500 });
    expect(body.message).toContain('does not match its own schema');
    expect(body.message).toContain('response.body.data.id');
    expect(warnings.some((w) => w.includes('getTeam 200') && w.includes('data.id'))).toBe(true);
  });

  it('serves a chosen error example with Prefer: code=...', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { ...auth, prefer: 'code=404' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Team not found' });
  });

  it('serves a chosen success example with Prefer: example=...', async () => {
    const res = await fetch(`${mock.url}/api/ml/v1/model-versions`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json', prefer: 'example=other' },
      body: JSON.stringify({ manifest: { name: 'm', ml_repo: 'r' } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { id: 'mv-2' } });
  });

  it('answers a Prefer code the operation does not document with its invalid-input status, naming asked and documented', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { ...auth, prefer: 'code=418' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 400 });
    expect(body.details).toEqual([
      { path: 'header.prefer', rule: 'code', message: 'header.prefer asks for code=418, but getTeam documents 200, 404' },
    ]);
  });

  it('answers an unknown Prefer example in the operation shape (422 for ML), naming the documented examples', async () => {
    const res = await fetch(`${mock.url}/api/ml/v1/model-versions`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json', prefer: 'example=nope' },
      body: JSON.stringify({ manifest: { name: 'm', ml_repo: 'r' } }),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([
      {
        loc: ['header', 'prefer'],
        msg: 'header.prefer asks for example=nope, but the 200 response of createOrUpdateModelVersion documents the examples created, other',
        type: 'example',
      },
    ]);
  });

  it('serves what only Prism can give through Prism: a generated body for Prefer: dynamic=true', async () => {
    const res = await fetch(`${mock.url}/acme/v1/agents/sessions/s1/turns`, { headers: { ...auth, 'x-vendor-provider-name': 'p', prefer: 'dynamic=true' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body.data)).toBe(true);
    expect(body).not.toHaveProperty('pagination'); // the documented example has it; the schema Prism generates from does not
  });

  it('negotiates an Accept the JSON answer cannot satisfy through Prism: 406 in the operation shape', async () => {
    const res = await fetch(`${mock.url}/acme/v1/agents/sessions/s1/turns`, { headers: { ...auth, 'x-vendor-provider-name': 'p', accept: 'text/html' } });
    expect(res.status).toBe(406);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'mock_error' });
  });

  it('reports a bad Prefer header as invalid input naming header.prefer', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { ...auth, prefer: 'code=abc' } });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([{ path: 'header.prefer', rule: 'format', message: expect.stringContaining('3-digit') }]);
  });

  it('requires a JSON content type for a JSON body', async () => {
    const res = await fetch(`${mock.url}/api/ml/v1/model-versions`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'manifest',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([
      { loc: ['header', 'content-type'], msg: 'header.content-type must be application/json (got text/plain)', type: 'media_type' },
    ]);
  });

  it('requires a body where the operation requires one', async () => {
    const res = await fetch(`${mock.url}/api/ml/v1/model-versions`, { method: 'PUT', headers: auth });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([{ loc: ['body'], msg: 'body is required', type: 'required' }]);
  });

  it('logs method, path, status and duration for each request, never the query or token', () => {
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const line of requests) {
      expect(line).toMatch(/^(GET|PUT|POST|DELETE) \/\S* \d{3} \d+\.\dms$/);
      expect(line).not.toContain('test-token');
    }
  });
});

describe('startMock errors', () => {
  it('fails to start on a spec that is not an OpenAPI document, naming the file', async () => {
    const notSpec = fileURLToPath(new URL('../../package.json', import.meta.url));
    await expect(startMock({ spec: notSpec })).rejects.toThrow(/package\.json is not an OpenAPI document/);
  });

  it('fails to start when the port is taken', async () => {
    const port = Number(new URL(mock.url).port);
    await expect(startMock({ spec, port })).rejects.toThrow(/EADDRINUSE/);
  });
});
