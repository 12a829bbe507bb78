// The mock on the real bundle (@vendor/api-types/openapi.json): all 18 operations and the error rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { firstSuccess, loadModel, responseOf, schemaValidator, validRequest, type SpecOperation } from '../helpers/spec.js';

const model = loadModel();
const operations = model.operations;
const validatorAt = schemaValidator(model);
const byId = (id: string): SpecOperation => model.operation(id);
const errorSchema = { ml: '#/components/schemas/MlError', 'control-plane': '#/components/schemas/ControlPlaneError', gateway: '#/components/schemas/GatewayError' } as const;

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ onWarning: () => {} });
});
afterAll(() => mock.close());

async function call(id: string, change: (req: ReturnType<typeof validRequest>) => void = () => {}) {
  const req = validRequest(mock.url, byId(id));
  change(req);
  const res = await fetch(req.url, req.init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The body must match the operation's declared error schema (x-error-shape). */
function expectErrorShape(id: string, body: unknown) {
  const validate = validatorAt(errorSchema[byId(id).errorShape]);
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

describe('the bundle', () => {
  it('has the 18 operations of the seed', () => {
    expect(operations).toHaveLength(18);
  });
});

describe.each(operations.map((o) => [o.operationId, o] as const))('%s', (id, entry) => {
  it('answers a valid request with its first 2xx example, which validates against the spec', async () => {
    const { status, example, schema } = firstSuccess(entry);
    const res = await call(id);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(example);
    const validate = validatorAt(schema);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers 401 in its own error shape without a bearer token', async () => {
    const res = await call(id, (req) => delete req.init.headers.authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expectErrorShape(id, res.body);
  });
});

describe('validation errors in each shape', () => {
  const put = (body: unknown) => (req: ReturnType<typeof validRequest>) => {
    req.init.body = JSON.stringify(body);
  };
  const mcpExample = () => JSON.parse(validRequest('http://x', byId('createOrUpdateMcpServer')).init.body as string);

  it('control-plane: a 2-character MCP server name and a missing collaborators -> 400 naming both fields and rules', async () => {
    const body = mcpExample();
    body.manifest.name = 'ab';
    delete body.manifest.collaborators;
    const res = await call('createOrUpdateMcpServer', put(body));
    expect(res.status).toBe(400);
    expectErrorShape('createOrUpdateMcpServer', res.body);
    expect(res.body.statusCode).toBe(400);
    const found = res.body.details.map((d: any) => `${d.path} ${d.rule}`);
    expect(found).toContain('body.manifest.collaborators required');
    expect(found).toContain('body.manifest.name pattern');
    expect(res.body.message).toContain('body.manifest.name must match pattern');
  });

  it('control-plane: a discriminated manifest reports only the selected variant', async () => {
    const body = mcpExample();
    expect(body.manifest.type).toBe('mcp-server/remote');
    delete body.manifest.url;
    const res = await call('createOrUpdateMcpServer', put(body));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'body.manifest.url', rule: 'required', message: 'body.manifest.url is required' }]);
  });

  it('control-plane: an unknown manifest type lists the five variants', async () => {
    const body = mcpExample();
    body.manifest.type = 'mcp-server/other';
    const res = await call('createOrUpdateMcpServer', put(body));
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveLength(1);
    expect(res.body.details[0]).toMatchObject({ path: 'body.manifest.type', rule: 'enum' });
    for (const variant of ['remote', 'virtual', 'openapi', 'stdio', 'vendor-managed']) {
      expect(res.body.details[0].message).toContain(`"mcp-server/${variant}"`);
    }
  });

  it('control-plane: version=0 on skill versions -> 400 naming query.version and minimum', async () => {
    const res = await call('listAgentSkillVersions', (req) => (req.url += '?version=0'));
    expect(res.status).toBe(400);
    expectErrorShape('listAgentSkillVersions', res.body);
    expect(res.body.details).toEqual([{ path: 'query.version', rule: 'minimum', message: 'query.version must be >= 1' }]);
  });

  it('control-plane: createSecretGroup documents 422 and uses it', async () => {
    const res = await call('createSecretGroup', put({ name: 'g', integrationId: 'i', secrets: [{ key: 'K' }] }));
    expect(res.status).toBe(422);
    expectErrorShape('createSecretGroup', res.body);
    expect(res.body.details.map((d: any) => `${d.path} ${d.rule}`)).toContain('body.secrets.0.value required');
  });

  it('control-plane: never repeats a password it rejects', async () => {
    const res = await call('changePassword', put({ loginId: 'not-an-email', newPassword: 'hunter2', oldPassword: 'old-s3cret-value' }));
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('old-s3cret-value');
    expect(res.body.details.map((d: any) => `${d.path} ${d.rule}`)).toEqual(expect.arrayContaining(['body.loginId format', 'body.newPassword minLength']));
  });

  it('ml: an invalid model version -> 422 with detail loc/msg/type', async () => {
    const res = await call('createOrUpdateModelVersion', put({ manifest: { type: 'model-version', name: 5 }, extra: true }));
    expect(res.status).toBe(422);
    expectErrorShape('createOrUpdateModelVersion', res.body);
    const detail = res.body.detail.map((d: any) => `${d.loc.join('.')} ${d.type}`);
    expect(detail).toContain('body.manifest.name type');
    expect(detail).toContain('body.extra additionalProperties');
  });

  it('ml: a missing body field on signed URLs -> 422 naming it', async () => {
    const res = await call('getArtifactVersionSignedUrls', put({ id: 'a' }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual({ loc: ['body', 'paths'], msg: 'body.paths is required', type: 'required' });
  });

  it('gateway: limit=26 on turns -> 400 with param "limit"', async () => {
    const res = await call('listAgentSessionTurns', (req) => (req.url += '?limit=26'));
    expect(res.status).toBe(400);
    expectErrorShape('listAgentSessionTurns', res.body);
    expect(res.body.error).toEqual({
      message: 'Invalid request (1 violation): query.limit must be <= 25',
      type: 'invalid_request_error',
      code: 'maximum',
      param: 'limit',
    });
  });

  it('gateway: a missing x-vendor-provider-name on files -> 400 with that param', async () => {
    const res = await call('getFile', (req) => delete req.init.headers['x-vendor-provider-name']);
    expect(res.status).toBe(400);
    expectErrorShape('getFile', res.body);
    expect(res.body.error).toMatchObject({ code: 'required', param: 'x-vendor-provider-name' });
    expect(res.body.error.message).toContain('header.x-vendor-provider-name is required');
  });

  it('control-plane: terminateJob without its required query -> 422 naming both parameters', async () => {
    const res = await call('terminateJob', (req) => (req.url = req.url.split('?')[0]!));
    expect(res.status).toBe(422);
    const paths = res.body.details.map((d: any) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['query.deploymentId', 'query.jobRunName']));
  });
});

describe('malformed requests', () => {
  const malformed = (req: ReturnType<typeof validRequest>) => {
    req.init.body = '{"manifest": {"name": "secret-xyz"';
  };

  it.each([
    ['createOrUpdateMcpServer', 400],
    ['createOrUpdateModelVersion', 422],
    ['changePassword', 400],
  ])('%s: malformed JSON -> %i in its own shape, without echoing the body', async (id, status) => {
    const res = await call(id, malformed);
    expect(res.status).toBe(status);
    expectErrorShape(id, res.body);
    expect(JSON.stringify(res.body)).toContain('body is not valid JSON');
    expect(JSON.stringify(res.body)).not.toContain('secret-xyz');
  });

  it('unknown path -> 404 in the shape of the operations nearest to it', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/nothing-here`, { headers: { authorization: 'Bearer t' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'No operation matches GET /api/svc/v1/nothing-here', code: 404 });
    const ml = await fetch(`${mock.url}/api/ml/v1/nothing-here`);
    expect(ml.status).toBe(404);
    expect((await ml.json()).detail[0]).toMatchObject({ loc: ['path'], type: 'not_found' });
    // Under a gateway template (/{tenantName}/v1/agents/...): the gateway's shape.
    const gateway = await fetch(`${mock.url}/acme/v1/nothing-here`);
    expect(gateway.status).toBe(404);
    const gatewayBody = await gateway.json();
    expectErrorShape('listAgentSessionTurns', gatewayBody);
    expect(gatewayBody.error.message).toBe('No operation matches GET /acme/v1/nothing-here');
  });

  it('wrong method -> 405 with Allow, in the operation shape', async () => {
    const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { method: 'DELETE', headers: { authorization: 'Bearer t' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    const body = await res.json();
    expectErrorShape('getTeam', body);
    expect(body.message).toBe('DELETE is not allowed on /api/svc/v1/teams/t1; allowed: GET');
  });
});

describe('Prefer', () => {
  it.each(operations.flatMap((entry) => entry.responses.map((r) => r.status).filter((c) => c !== '401' && /^\d{3}$/.test(c)).map((code) => [entry.operationId, code] as const)))(
    '%s: Prefer code=%s serves that documented example',
    async (id, code) => {
      const entry = byId(id);
      const { example } = responseOf(entry, code);
      const res = await call(id, (req) => (req.init.headers.prefer = `code=${code}`));
      expect(res.status).toBe(Number(code));
      if (code === '404') {
        // A 404 names the ids of the request (below); with the example's own ids it keeps the example's shape.
        expect(Object.keys(res.body)).toEqual(Object.keys(example as object));
        expectErrorShape(id, res.body);
      } else {
        expect(res.body).toEqual(example);
      }
    },
  );

  it.each([
    ['getTeam', '/api/svc/v1/teams/t1', 'Resource t1 not found.'],
    ['getMetricCharts', '/api/svc/v1/metrics/ws-9/charts?applicationId=a1&filterEntity=pod', 'Resource ws-9 not found.'],
    ['listAgentSessionTurns', '/globex/v1/agents/sessions/s1/turns', 'Session s1 not found in tenant globex.'],
    ['getFile', '/files/file-abc', 'No object with id file-abc.'],
    ['getArtifactVersion', '/api/ml/v1/artifact-versions/av-7', 'No resource with id av-7.'],
  ])('%s: a 404 names the id asked for, not the example\'s (%s)', async (id, path, message) => {
    const headers: Record<string, string> = { authorization: 'Bearer any', prefer: 'code=404' };
    if (id === 'getFile') headers['x-vendor-provider-name'] = 'openai';
    const res = await fetch(`${mock.url}${path}`, { headers });
    const body = await res.json();
    expect(res.status).toBe(404);
    expectErrorShape(id, body);
    expect(JSON.stringify(body)).toContain(message);
  });

  it('a 404 of an operation without path parameters is the documented example', async () => {
    const { example } = responseOf(byId('terminateJob'), '404');
    const res = await call('terminateJob', (req) => (req.init.headers.prefer = 'code=404'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(example);
  });

  it('Prefer example=<name> serves that named example', async () => {
    const entry = byId('createOrUpdateMcpServer');
    const { examples } = responseOf(entry, '200');
    const last = examples[examples.length - 1]!;
    const res = await call('createOrUpdateMcpServer', (req) => (req.init.headers.prefer = `code=200, example=${last.name}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(last.value);
  });
});
