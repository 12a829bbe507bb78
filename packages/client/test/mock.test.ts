// Every operation through the client against @vendor/api-mock (started in global-setup.ts), driven by the
// bundled spec itself: each call sends the spec's own example input and must resolve to the example the
// mock serves. Plus one documented error per error shape, surfacing as PlatformApiError.
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createSpecModel, jsonContentOf, type SpecContent, type SpecParameter } from '@vendor/spec-model';
import { createPlatformClient, PlatformApiError, type PlatformClient } from '../src/index.js';
import { operations, type OperationId } from '../src/generated/operations.js';
import { errorDetail } from '../src/errors.js';

const spec = createRequire(import.meta.url)('@vendor/api-types/openapi.json') as Record<string, any>;
const TOKEN = 'mock-test-token-0123456789';

const model = createSpecModel(spec);

/** The first named example of a body's JSON media type. */
const firstExample = (content: SpecContent[] | undefined): unknown => (content ? jsonContentOf(content)?.examples[0]?.value : undefined);

/** The parameter's example (the spec model's rule), else a value made up from its schema. */
function sampleValue(param: SpecParameter): unknown {
  if (param.example !== undefined) return param.example;
  const schema = param.schema;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === 'integer' || type === 'number' ? Math.max(1, schema.minimum ?? 1) : type === 'boolean' ? true : 'abc123';
}

/** The init a user would pass: every required parameter (from its example) and the first request example. */
function exampleInit(operationId: OperationId) {
  const operation = model.operation(operationId);
  const params: Record<string, Record<string, unknown>> = {};
  for (const p of operation.parameters) {
    if (!p.required) continue; // a path parameter always is
    (params[p.in] ??= {})[p.name] = sampleValue(p);
  }
  const init: Record<string, unknown> = { params };
  const body = firstExample(operation.requestBody?.content);
  if (body !== undefined) init.body = body;
  return init;
}

function successExample(operationId: OperationId): unknown {
  return firstExample(model.operation(operationId).successResponse?.content);
}

let platform: PlatformClient;
beforeAll(() => {
  const url = inject('mockUrl');
  if (!url) throw new Error(`@vendor/api-mock did not start: ${inject('mockError')}`);
  platform = createPlatformClient({ baseUrl: url, gatewayBaseUrl: url, token: TOKEN, maxRetries: 0, timeoutMs: 10_000 });
});

const call = (id: OperationId, init: Record<string, unknown>) => (platform as unknown as Record<string, (i: unknown) => Promise<unknown>>)[id]!(init);

describe('every operation against the mock', () => {
  it('the spec has the 18 operations of the seed', () => {
    expect(Object.keys(operations)).toHaveLength(18);
  });

  it.each(Object.keys(operations) as OperationId[])('%s resolves to the example the spec documents', async (operationId) => {
    const expected = successExample(operationId);
    expect(expected).toBeDefined();
    await expect(call(operationId, exampleInit(operationId))).resolves.toEqual(expected);
  });
});

describe('one documented error per error shape', () => {
  const cases: Array<[string, OperationId, number]> = [
    ['control-plane', 'getTeam', 404],
    ['ml', 'getArtifactVersion', 404],
    ['gateway', 'listAgentSessionTurns', 404],
    ['control-plane', 'createSecretGroup', 424],
    ['gateway', 'listAgentSessionTurns', 412],
  ];
  it.each(cases)('%s: %s %i surfaces as PlatformApiError with the normalised message', async (shape, operationId, status) => {
    const { errorShape } = operations[operationId];
    expect(errorShape).toBe(shape);
    const documented = firstExample(model.operation(operationId).responses.find((r) => r.status === String(status))?.content);
    const init = { ...exampleInit(operationId), headers: { Prefer: `code=${status}` } };
    const error = await call(operationId, init).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    const e = error as PlatformApiError;
    expect(e.status).toBe(status);
    expect(e.operationId).toBe(operationId);
    expect(e.errorShape).toBe(shape);
    expect(e.body).toEqual(documented);
    expect(e.message).toContain(`${operationId} failed with status ${status}`);
    expect(e.message).toContain(errorDetail(documented)!);
    expect(e.message).not.toContain(TOKEN);
  });

  it('an invalid body is refused by the mock with 400 in the control-plane shape', async () => {
    const error = (await call('createOrUpdateMcpServer', { body: { manifest: { type: 'mcp-server/remote', name: 'X' } } }).catch((e: unknown) => e)) as PlatformApiError<{ statusCode: number; message: string }>;
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.status).toBe(400);
    expect(error.body?.statusCode).toBe(400);
    expect(typeof error.body?.message).toBe('string');
    expect(error.message).toContain(error.body!.message);
  });

  it('an invalid ml request is refused with 422 in the ml shape', async () => {
    const error = (await call('createOrUpdateModelVersion', { body: { manifest: 'not an object' } }).catch((e: unknown) => e)) as PlatformApiError<{ detail: unknown[] }>;
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.status).toBe(422);
    expect(Array.isArray(error.body?.detail)).toBe(true);
  });

  it('a changePassword rejected by the mock never shows the passwords', async () => {
    const body = { loginId: 'user@example.com', oldPassword: 'Old-Secret-Pass-1', newPassword: 'short' };
    const error = await call('changePassword', { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    const text = `${(error as Error).message}\n${JSON.stringify(error)}\n${(error as Error).stack}`;
    expect(text).not.toContain('Old-Secret-Pass-1');
    expect(text).not.toMatch(/"short"/);
    expect(text).not.toContain(TOKEN);
  });
});

describe('pagination against the mock', () => {
  it('iterateAgentSessionTurns yields the turns of the example page(s)', async () => {
    const init = exampleInit('listAgentSessionTurns') as any;
    const turns = [];
    for await (const t of platform.iterateAgentSessionTurns(init)) turns.push(t);
    const first = successExample('listAgentSessionTurns') as { data: unknown[] };
    expect(turns.slice(0, first.data.length)).toEqual(first.data);
  });

  it('iterateAgentSkillVersions terminates against a mock that ignores the offset', async () => {
    const versions = [];
    for await (const v of platform.iterateAgentSkillVersions()) versions.push(v);
    const first = successExample('listAgentSkillVersions') as { data: unknown[] };
    expect(versions).toEqual(first.data);
  });
});
