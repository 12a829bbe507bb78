// Errors: the three error shapes, message normalisation, request ids, and no secret anywhere.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClientWith, isPlatformApiError } from '../src/client.js';
import { collectSecrets } from '@vendor/spec-model';
import { PlatformApiError, PlatformConnectionError, PlatformError, errorDetail, redact } from '../src/errors.js';
import { TOKEN, fakeSleep, json, reset, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler) {
  server = await startServer(handler);
  const platform = createPlatformClientWith(
    { baseUrl: server.url, gatewayBaseUrl: server.url, token: TOKEN },
    { sleep: fakeSleep().sleep },
  );
  return { platform, server };
}

const everything = (e: unknown) => {
  const err = e as Error;
  return [err.message, err.stack ?? '', inspect(err, { depth: 10 }), JSON.stringify(err), JSON.stringify((err as PlatformApiError).body ?? null), String((err as PlatformApiError).rawBody)].join('\n');
};

describe('PlatformApiError per error shape', () => {
  it('ml shape: message joins detail[].loc and msg', async () => {
    const { platform } = await setup(({ res }) =>
      json(res, 422, { detail: [{ loc: ['path', 'id'], msg: 'not a valid id', type: 'value_error' }] }, { 'x-request-id': 'req-ml-1' }),
    );
    const error = await platform.getArtifactVersion({ params: { path: { id: 'bad' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toBeInstanceOf(PlatformError);
    const e = error as PlatformApiError;
    expect(e.name).toBe('PlatformApiError');
    expect(e.status).toBe(422);
    expect(e.operationId).toBe('getArtifactVersion');
    expect(e.method).toBe('GET');
    expect(e.url).toBe(`${server!.url}/api/ml/v1/artifact-versions/bad`);
    expect(e.requestId).toBe('req-ml-1');
    expect(e.errorShape).toBe('ml');
    expect(e.message).toBe('getArtifactVersion failed with status 422 Unprocessable Entity: path.id: not a valid id (request id req-ml-1)');
    expect(e.body).toEqual({ detail: [{ loc: ['path', 'id'], msg: 'not a valid id', type: 'value_error' }] });
  });

  it('control-plane shape: message is `message`', async () => {
    const { platform } = await setup(({ res }) => json(res, 404, { statusCode: 404, message: 'Team not found', code: 'NOT_FOUND' }));
    const error = await platform.getTeam({ params: { path: { id: 'nope' } } }).catch((e: unknown) => e);
    expect(isPlatformApiError(error, 'getTeam')).toBe(true);
    if (!isPlatformApiError(error, 'getTeam')) return;
    expect(error.status).toBe(404);
    expect(error.body?.statusCode).toBe(404);
    expect(error.message).toBe('getTeam failed with status 404 Not Found: Team not found');
    expect(error.requestId).toBeUndefined();
  });

  it('gateway shape: message is `error.message` (with its code)', async () => {
    const { platform } = await setup(({ res }) => json(res, 404, { error: { message: 'No such file', type: 'invalid_request_error', code: 'file_not_found' } }));
    const error = await platform.getFile({ params: { path: { id: 'file-1' }, header: { 'x-vendor-provider-name': 'openai' } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, operationId: 'getFile', errorShape: 'gateway' });
    expect((error as Error).message).toBe('getFile failed with status 404 Not Found: No such file (file_not_found)');
  });

  it('a non-JSON error body is kept as rawBody', async () => {
    const { platform } = await setup(({ res }) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway thing</html>');
    });
    const error = (await platform.getTeam({ params: { path: { id: 'x' } } }).catch((e: unknown) => e)) as PlatformApiError;
    expect(error.body).toBeUndefined();
    expect(error.rawBody).toBe('<html>Bad gateway thing</html>');
    expect(error.message).toContain('status 400');
  });

  it('isPlatformApiError rejects other operations and other errors', () => {
    const e = new PlatformApiError('m', { status: 404, operationId: 'getTeam', method: 'GET', url: 'u', body: undefined, errorShape: 'control-plane' });
    expect(isPlatformApiError(e, 'getFile')).toBe(false);
    expect(isPlatformApiError(new Error('x'))).toBe(false);
    expect(isPlatformApiError(e)).toBe(true);
  });
});

describe('normalised messages', () => {
  it.each([
    [{ detail: [{ loc: ['body', 'manifest', 'name'], msg: 'field required', type: 'missing' }, { loc: ['query', 'x'], msg: 'bad' }] }, 'manifest.name: field required; query.x: bad'],
    [{ statusCode: 424, message: 'integration unreachable', code: 3 }, 'integration unreachable'],
    [{ error: { message: 'bad page token', param: 'page_token' } }, 'bad page token'],
    [{ something: 'else' }, undefined],
    ['plain text', 'plain text'],
  ])('%j -> %s', (body, expected) => {
    expect(errorDetail(body)).toBe(expected);
  });
});

describe('no secret in any error', () => {
  const passwords = { loginId: 'a@example.com', oldPassword: 'Old-Passw0rd-xyz', newPassword: 'New-Passw0rd-abc' };

  it('a changePassword failure that echoes the passwords never shows them, nor the token', async () => {
    const { platform } = await setup(({ res, body }) => {
      const sent = JSON.parse(body) as typeof passwords;
      json(res, 400, {
        statusCode: 400,
        message: `password ${sent.newPassword} is too similar to ${sent.oldPassword}; auth was ${TOKEN}`,
        details: [{ input: sent }],
      });
    });
    const error = await platform.changePassword({ body: passwords }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    const text = everything(error);
    expect(text).not.toContain(passwords.oldPassword);
    expect(text).not.toContain(passwords.newPassword);
    expect(text).not.toContain(TOKEN);
    expect((error as Error).message).toContain('[REDACTED]');
    expect(text).toContain('a@example.com');
  });

  it('the Authorization header never appears in PlatformApiError', async () => {
    const { platform, server } = await setup(({ req, res }) => json(res, 401, { statusCode: 401, message: `bad credentials: ${req.headers.authorization}` }));
    const error = await platform.getTeam({ params: { path: { id: 't' } } }).catch((e: unknown) => e);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const text = everything(error);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toMatch(/Bearer\s+tok_/);
  });

  it('secret values of createSecretGroup and MCP auth data are redacted from error bodies', async () => {
    const { platform } = await setup(({ res, body }) => json(res, 422, { statusCode: 422, message: 'invalid', details: [{ echo: JSON.parse(body) }] }));
    const error = await platform
      .createSecretGroup({ body: { name: 'db', integrationId: 'int-1', secrets: [{ key: 'DB_PASSWORD', value: 'sup3r-s3cret-value' }] } })
      .catch((e: unknown) => e);
    expect(everything(error)).not.toContain('sup3r-s3cret-value');
    expect(everything(error)).toContain('int-1');
  });

  it('a connection error names the operation and carries no token or credentials of the base URL', async () => {
    const { platform } = await setup(({ req }) => reset(req));
    const error = await platform.createSecretGroup({ body: { name: 'n', integrationId: 'i', secrets: [] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformConnectionError);
    expect((error as Error).message).toMatch(/^createSecretGroup could not reach the server \(POST http:\/\/127\.0\.0\.1:\d+\/api\/svc\/v1\/secret-groups\)/);
    expect(everything(error)).not.toContain(TOKEN);
  });

  it('a base URL with credentials is refused without repeating them', () => {
    let error: unknown;
    try {
      createPlatformClientWith({ baseUrl: 'https://admin:hunter2hunter2@cp.example.com', token: TOKEN }, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain('baseUrl must be an absolute http(s) URL without credentials');
    expect(everything(error)).not.toContain('hunter2hunter2');
  });

  it('collectSecrets picks passwords, secret values, auth data and headers, not ordinary fields', () => {
    const secrets = collectSecrets({
      loginId: 'a@example.com',
      newPassword: 'p1',
      manifest: { name: 'srv', auth_data: { type: 'header', headers: { Authorization: 'Bearer abc' } }, additional_headers: { 'x-key': 'k1' } },
      secrets: [{ key: 'K', value: 'v1' }],
      client_secret: 'cs',
    });
    expect([...new Set(secrets)].sort()).toEqual(['Bearer abc', 'K', 'cs', 'header', 'k1', 'p1', 'v1'].sort());
    expect(redact({ m: 'x p1x Bearer abc', n: ['cs'] }, ['Bearer abc', 'cs'])).toEqual({ m: 'x p1x [REDACTED]', n: ['[REDACTED]'] });
  });
});
