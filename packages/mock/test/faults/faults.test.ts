// Faults on demand (Prefer: fault, retry-after, times/key, delay), in the server and the in-process fetch alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel, schemaValidator, validRequest, type SpecOperation } from '../helpers/spec.js';
import { openTransport, TRANSPORTS, type Transport } from '../fetch/transports.js';

const model = loadModel();
const validatorAt = schemaValidator(model);
const ERROR_SCHEMA = { ml: '#/components/schemas/MlError', 'control-plane': '#/components/schemas/ControlPlaneError', gateway: '#/components/schemas/GatewayError' } as const;
/** one operation of each error shape, so each shape's fault body is checked */
const ONE_PER_SHAPE: SpecOperation[] = (['ml', 'control-plane', 'gateway'] as const).map((shape) => model.operations.find((op) => op.errorShape === shape)!);

describe.each(TRANSPORTS)('faults through %s', (transportName) => {
  let mock: Transport;
  beforeAll(async () => {
    mock = await openTransport(transportName);
  });
  afterAll(() => mock.close());

  async function send(op: SpecOperation, prefer: string | undefined) {
    const request = validRequest(mock.base, op);
    if (prefer !== undefined) request.init.headers.prefer = prefer;
    const res = await mock.fetch(request.url, request.init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
  }

  it.each(ONE_PER_SHAPE.map((op) => [op.operationId, op.errorShape, op] as const))(
    '%s: each fault status in its own error shape (%s), with Retry-After: 1',
    async (_id, shape, op) => {
      for (const status of [429, 500, 502, 503, 504]) {
        const res = await send(op, `fault=${status}`);
        expect(res.status).toBe(status);
        expect(res.headers.get('retry-after')).toBe('1');
        const validate = validatorAt(ERROR_SCHEMA[shape]);
        expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
        expect(JSON.stringify(res.body)).toContain('a fault the request asked for');
      }
    },
  );

  it('sets Retry-After from retry-after=N, and omits it for retry-after=none', async () => {
    const op = ONE_PER_SHAPE[1]!;
    expect((await send(op, 'fault=429, retry-after=7')).headers.get('retry-after')).toBe('7');
    const without = await send(op, 'fault=503, retry-after=none');
    expect(without.status).toBe(503);
    expect(without.headers.get('retry-after')).toBeNull();
  });

  it('answers an unknown fault kind with the invalid-input status, naming the kinds', async () => {
    for (const op of ONE_PER_SHAPE) {
      const res = await send(op, 'fault=418');
      expect(res.status).toBe(model.operation(op.operationId).invalidInputStatus);
      expect(JSON.stringify(res.body)).toContain('fault must be one of 429, 500, 502, 503, 504, reset (got 418)');
    }
  });

  it('fails a request with fault=reset the way fetch fails on a dropped connection: a TypeError', async () => {
    const op = ONE_PER_SHAPE[0]!;
    const request = validRequest(mock.base, op);
    request.init.headers.prefer = 'fault=reset';
    await expect(mock.fetch(request.url, request.init)).rejects.toBeInstanceOf(TypeError);
    // and the mock goes on serving
    expect((await send(op, undefined)).status).toBe(200);
  });

  it('fails only the first N requests that carry a key, then answers normally', async () => {
    const op = ONE_PER_SHAPE[2]!;
    const key = `key-${transportName}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(op, `fault=503, times=2, key=${key}`)).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    // another key counts on its own
    expect((await send(op, `fault=503, times=1, key=${key}-other`)).status).toBe(503);
  });

  it('waits delay=MS before answering, with or without a fault', async () => {
    const op = ONE_PER_SHAPE[0]!;
    const started = performance.now();
    const res = await send(op, 'delay=300');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const faulted = performance.now();
    expect((await send(op, 'delay=200, fault=502')).status).toBe(502);
    expect(performance.now() - faulted).toBeGreaterThanOrEqual(190);
  });

  it('refuses a delay past 120000 ms, naming the limit', async () => {
    const res = await send(ONE_PER_SHAPE[1]!, 'delay=120001');
    expect(res.status).toBe(ONE_PER_SHAPE[1]!.invalidInputStatus);
    expect(JSON.stringify(res.body)).toContain('0 to 120000');
  });

  it('keeps the other preferences: a fault that times out hands over to code=', async () => {
    const op = model.operations.find((candidate) => candidate.responses.some((r) => r.status === '404'))!;
    const key = `handover-${transportName}`;
    expect((await send(op, `fault=503, times=1, key=${key}, code=404`)).status).toBe(503);
    expect((await send(op, `fault=503, times=1, key=${key}, code=404`)).status).toBe(404);
  });
});
