// CORS on the fixture spec: on for every origin by default, narrowed to listed origins, or off.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';

const spec = fileURLToPath(new URL('../fixtures/mini-spec.json', import.meta.url));
const ORIGIN = 'http://127.0.0.1:5173';
const preflight = (origin: string, method = 'PUT', headers = 'authorization, content-type, prefer') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

describe('CORS by default (every origin)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ spec, onWarning: () => {} });
  });
  afterAll(() => mock.close());

  it('answers a preflight with 204, the methods of the path and the headers a client sends', async () => {
    const res = await fetch(`${mock.url}/api/ml/v1/model-versions`, preflight(ORIGIN));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toBe('PUT, OPTIONS');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'prefer', 'x-vendor-provider-name']));
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('also allows headers the page asks for that the spec does not name', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, preflight(ORIGIN, 'GET', 'x-trace-id'));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('x-trace-id');
  });

  it('puts Access-Control-Allow-Origin and exposed headers on answers, errors included', async () => {
    const ok = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { origin: ORIGIN, authorization: 'Bearer t', prefer: 'code=404' } });
    expect(ok.status).toBe(404);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    const unauthorized = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { origin: ORIGIN } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(unauthorized.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    const unknown = await fetch(`${mock.url}/nowhere`, { headers: { origin: ORIGIN } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('sends no CORS headers to a request without Origin, and a plain OPTIONS is still 405', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer t', prefer: 'code=404' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const options = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { method: 'OPTIONS', headers: { authorization: 'Bearer t' } });
    expect(options.status).toBe(405);
  });
});

describe('CORS narrowed to listed origins', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ spec, cors: { origins: [ORIGIN] }, onWarning: () => {} });
  });
  afterAll(() => mock.close());

  it('allows a listed origin and refuses another one', async () => {
    expect((await fetch(`${mock.url}/api/svc/v1/teams/t1`, preflight(ORIGIN, 'GET'))).status).toBe(204);
    const other = await fetch(`${mock.url}/api/svc/v1/teams/t1`, preflight('http://evil.example', 'GET'));
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { origin: 'http://evil.example', authorization: 'Bearer t', prefer: 'code=404' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS off', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ spec, cors: false, onWarning: () => {} });
  });
  afterAll(() => mock.close());

  it('treats a preflight as any OPTIONS request (405) and adds no CORS headers', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, preflight(ORIGIN, 'GET'));
    expect(res.status).toBe(405);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
