// Seed § Errors: three body shapes, where each applies, rule 1 (PUT /mcp invalid body -> 400) and
// rule 2 (terminate four, secret-group creation two, turns three error responses); the status codes
// (seed: "not shown") from service-facts.md.
import { describe, expect, it } from 'vitest';
import { createSpecModel, getAtPointer, resolveRef, responseFor } from '@vendor/spec-model';
import { compile, doc, errorsOf, operation, operations, requiredOf, typeOf } from './lib/spec.js';

const S = doc.components.schemas;
const SHAPE_SCHEMA: Record<string, string> = { ml: 'MlError', 'control-plane': 'ControlPlaneError', gateway: 'GatewayError' };
const errorCodes = (operationId: string) =>
  Object.keys(operation(operationId).op.responses).filter((c) => /^[45]/.test(c) || c === 'default').sort();

describe('Errors table: the three shapes', () => {
  it('ML: {detail: [{loc: array of string, msg: string, type: string}]}', () => {
    expect(typeOf(S.MlError.properties.detail)).toBe('array<object>');
    const item = resolveRef(doc, S.MlError.properties.detail.items);
    expect(Object.keys(item.properties).sort()).toEqual(['loc', 'msg', 'type']);
    expect(typeOf(item.properties.loc)).toBe('array<string>');
    expect(typeOf(item.properties.msg)).toBe('string');
    expect(typeOf(item.properties.type)).toBe('string');
    const v = compile({ $ref: '#/components/schemas/MlError' });
    expect(v({ detail: [{ loc: ['body', 'manifest'], msg: 'Field required', type: 'missing' }] })).toBe(true);
    expect(v({ detail: [{ loc: 'body', msg: 'x', type: 'missing' }] })).toBe(false);
    expect(v({ message: 'x' })).toBe(false);
  });

  // The seed's integer `code` widened as the service sends it: a number or a string, and null or
  // absent like `details` (issue 11). Types still hold: statusCode stays an integer, details an array.
  it('control plane: {statusCode: integer, message: string, code?: integer|string|null, details?: array of objects|null}', () => {
    const p = S.ControlPlaneError.properties;
    expect(Object.keys(p).sort()).toEqual(['code', 'details', 'message', 'statusCode']);
    expect(typeOf(p.statusCode)).toBe('integer');
    expect(typeOf(p.message)).toBe('string');
    expect(typeOf(p.code)).toBe('string|integer|null');
    expect(typeOf(p.details)).toBe('null|array<object>');
    const v = compile({ $ref: '#/components/schemas/ControlPlaneError' });
    expect(v({ statusCode: 404, message: 'Not found', code: 404, details: [{ path: 'id' }] })).toBe(true);
    expect(v({ statusCode: 404, message: 'Not found' })).toBe(true);
    expect(v({ statusCode: 404, message: 'x', code: 'E404' })).toBe(true);
    expect(v({ statusCode: 404, message: 'x', code: null, details: null })).toBe(true);
    expect(v({ statusCode: '404', message: 'Not found' })).toBe(false);
    expect(v({ statusCode: 404, message: 'x', code: true })).toBe(false);
    expect(v({ statusCode: 404, message: 'x', details: ['text'] })).toBe(false);
    expect(v({ message: 'x' })).toBe(false);
  });

  it('gateway: {error: {message: string, type: string, code: string, param: string}}, all but message nullable', () => {
    const e = resolveRef(doc, S.GatewayError.properties.error);
    expect(requiredOf(S.GatewayError)).toEqual(['error']);
    expect(requiredOf(e)).toEqual(['message']);
    expect(Object.keys(e.properties).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(typeOf(e.properties.message)).toBe('string');
    for (const f of ['type', 'code', 'param']) expect(typeOf(e.properties[f]), f).toBe('string|null');
    const v = compile({ $ref: '#/components/schemas/GatewayError' });
    expect(v({ error: { message: 'x', type: 'invalid_request_error', code: 'invalid_parameter', param: 'limit' } })).toBe(true);
    expect(v({ error: { message: 'x', type: 'invalid_request_error', param: null, code: null } })).toBe(true);
    expect(v({ error: { message: 'x', code: 404 } })).toBe(false);
    expect(v({ error: { message: null } })).toBe(false);
    expect(v({ message: 'x' })).toBe(false);
  });
});

describe.each(operations.map((o) => ({ operationId: o.operationId, shape: o.op['x-error-shape'] as string, path: o.path })))(
  '$operationId ($path): error responses use the $shape shape',
  ({ operationId, shape }) => {
    it.each(errorCodes(operationId))('%s uses ' + SHAPE_SCHEMA[shape], (code) => {
      const res = resolveRef(doc, operation(operationId).op.responses[code]);
      expect(res.content['application/json'].schema.$ref).toBe(`#/components/schemas/${SHAPE_SCHEMA[shape]}`);
    });

    it.each(errorCodes(operationId))('%s has a named example whose body is that shape (and repeats the status where the shape has one)', (code) => {
      const res = resolveRef(doc, operation(operationId).op.responses[code]);
      const media = res.content['application/json'];
      const names = Object.keys(media.examples ?? {});
      expect(names.length).toBeGreaterThan(0);
      const v = compile(media.schema);
      for (const n of names) {
        const value = resolveRef(doc, media.examples[n]).value;
        expect(v(value), `${n}: ${errorsOf(v)}`).toBe(true);
        if (shape === 'control-plane' && code !== 'default') expect(value.statusCode, n).toBe(Number(code));
      }
    });
  },
);

describe('Errors rules 1-3 (status codes from service-facts.md)', () => {
  const exact: [string, string, string[]][] = [
    ['Rule 2: job termination documents four error responses', 'terminateJob', ['403', '404', '417', '422']],
    ['Rule 2: secret group creation documents two', 'createSecretGroup', ['422', '424']],
    ['Rule 2: the turns endpoint documents three', 'listAgentSessionTurns', ['400', '404', '412']],
  ];
  it.each(exact)('%s: exactly %s -> %s', (_rule, operationId, codes) => {
    expect(errorCodes(operationId)).toEqual(codes);
  });

  const includes: [string, string, string[]][] = [
    ['Rule 1: PUT /mcp with an invalid body answers 400', 'createOrUpdateMcpServer', ['400']],
    ['facts: PUT /mcp answers 417 when an update would delete per-subject auth records without force', 'createOrUpdateMcpServer', ['417']],
    ['facts: ML create/update model version: 422', 'createOrUpdateModelVersion', ['422']],
    ['facts: ML signed URLs: 422, 404', 'getArtifactVersionSignedUrls', ['404', '422']],
    ['facts: ML get agent skill: 422, 404', 'getAgentSkill', ['404', '422']],
    ['facts: ML get artifact version: 422, 404', 'getArtifactVersion', ['404', '422']],
    ['facts: ML delete ML repo: 422, 404', 'deleteMlRepo', ['404', '422']],
    ['facts: virtual account: 404', 'getVirtualAccount', ['404']],
    ['facts: team: 404', 'getTeam', ['404']],
    ['facts: MCP server: 404', 'getMcpServer', ['404']],
    ['facts: charts: 404 and 400', 'getMetricCharts', ['400', '404']],
  ];
  it.each(includes)('%s (%s documents %s)', (_rule, operationId, codes) => {
    expect(errorCodes(operationId)).toEqual(expect.arrayContaining(codes));
  });

  it('ARCHITECTURE: 401 is documented on every operation whose error list the seed leaves open, and not on the three fixed ones', () => {
    const fixed = ['createSecretGroup', 'listAgentSessionTurns', 'terminateJob'];
    for (const o of operations) expect(errorCodes(o.operationId).includes('401'), o.operationId).toBe(!fixed.includes(o.operationId));
  });

  it('x-secured-responses: every operation can answer 401, the three fixed ones in the shape of their x-error-shape; the Authentication prose says so', () => {
    const secured = createSpecModel(doc);
    expect(secured.securedStatuses).toEqual([401]);
    const shapeSchema = { ml: 'MlError', 'control-plane': 'ControlPlaneError', gateway: 'GatewayError' } as const;
    for (const o of secured.operations) {
      const answer = responseFor(o, 401);
      expect(answer, o.operationId).toBeDefined();
      expect(answer!.content[0]!.schemaPointer && getAtPointer(doc, answer!.content[0]!.schemaPointer).$ref, o.operationId).toBe(`#/components/schemas/${shapeSchema[o.errorShape]}`);
    }
    const lent = secured.operations.filter((o) => o.securedResponses.length > 0).map((o) => o.operationId);
    expect(lent).toEqual(['createSecretGroup', 'listAgentSessionTurns', 'terminateJob']);
    const authentication = doc.info.description.split('## Authentication')[1].split('\n## ')[0].replace(/\s+/g, ' ');
    expect(authentication).toContain('`x-secured-responses`');
    expect(authentication).toContain(`left off the ${['one', 'two', 'three', 'four'][lent.length - 1]} operations`);
    expect(authentication).toContain('(create secret group, list agent session turns, terminate job)');
  });

  it('the 400 of PUT /mcp is in the control-plane shape', () => {
    expect(resolveRef(doc, operation('createOrUpdateMcpServer').op.responses['400']).content['application/json'].schema.$ref).toBe('#/components/schemas/ControlPlaneError');
  });

  it('Errors table rows: secret group, virtual account and job termination use the control-plane shape; the turns endpoint the gateway shape', () => {
    for (const id of ['createSecretGroup', 'getVirtualAccount', 'terminateJob']) expect(operation(id).op['x-error-shape'], id).toBe('control-plane');
    expect(operation('listAgentSessionTurns').op['x-error-shape']).toBe('gateway');
    for (const o of operations.filter((x) => x.path.startsWith('/api/ml/v1'))) expect(o.op['x-error-shape'], o.operationId).toBe('ml');
  });
});
