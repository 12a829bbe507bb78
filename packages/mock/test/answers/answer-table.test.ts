// The answer table on a small synthetic spec: which response and example a request gets, when it is
// served from memory and when it goes to Prism.
import { describe, expect, it } from 'vitest';
import { createSpecModel } from '@vendor/spec-model';
import { createAnswerTable } from '../../src/answers/answer-table.js';
import { readOperations } from '../../src/spec/operation-table.js';
import { compileValidators } from '../../src/validation/runtime-validators.js';

const json = (examples: Record<string, unknown>, schema: unknown = { type: 'object' }) => ({
  content: { 'application/json': { schema, examples: Object.fromEntries(Object.entries(examples).map(([k, v]) => [k, { value: v }])) } },
});
const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        'x-error-shape': 'control-plane',
        'x-idempotent': true,
        responses: {
          '201': { description: 'created', ...json({ made: { made: true } }) },
          '200': { description: 'ok', ...json({ first: { n: 1 }, second: { n: 2 } }) },
          '4XX': { description: 'client error', ...json({ oops: { statusCode: 400, message: 'oops' } }) },
          default: { description: 'anything else', ...json({ other: { message: 'other' } }) },
        },
      },
      post: {
        operationId: 'countThings',
        'x-error-shape': 'control-plane',
        'x-idempotent': true,
        responses: { '200': { description: 'one example', content: { 'application/json': { schema: { type: 'object' }, example: { count: 3 } } } } },
      },
      delete: {
        operationId: 'deleteThings',
        'x-error-shape': 'control-plane',
        'x-idempotent': true,
        responses: { '204': { description: 'gone' }, '206': { description: 'headers', headers: { 'x-count': { schema: { type: 'integer' } } }, ...json({ a: {} }) } },
      },
    },
  },
};
const operations = readOperations(createSpecModel(doc));
const choose = createAnswerTable(await compileValidators(doc, operations), operations);
const [list, count, remove] = operations as [(typeof operations)[0], (typeof operations)[0], (typeof operations)[0]];
const bodyOf = (choice: ReturnType<typeof choose>) => (choice.kind === 'static' ? JSON.parse(new TextDecoder().decode(choice.answer.body) || 'null') : choice.kind);

describe('answer table', () => {
  it('serves the lowest 2xx and its first example by default, the same answer object every time', () => {
    const first = choose(list, {}, undefined);
    expect(first.kind === 'static' && first.answer.status).toBe(200);
    expect(bodyOf(first)).toEqual({ n: 1 });
    expect(choose(list, {}, undefined)).toBe(first);
  });

  it('serves a range response (4XX) and then `default` with the status asked for', () => {
    const ranged = choose(list, { code: 409 }, undefined);
    expect(ranged.kind === 'static' && ranged.answer.status).toBe(409);
    expect(bodyOf(ranged)).toEqual({ statusCode: 400, message: 'oops' });
    const fallback = choose(list, { code: 503 }, undefined);
    expect(fallback.kind === 'static' && fallback.answer.status).toBe(503);
    expect(bodyOf(fallback)).toEqual({ message: 'other' });
  });

  it('serves a response without content as an empty body', () => {
    const gone = choose(remove, {}, undefined);
    expect(gone).toMatchObject({ kind: 'static', answer: { status: 204, headers: { 'content-length': '0' } } });
  });

  it('generates a body for Prefer: dynamic=true, answers 406 to an Accept that excludes JSON, leaves documented headers to Prism', () => {
    expect(choose(list, { dynamic: true }, undefined)).toMatchObject({ kind: 'generated', status: 200 });
    expect(choose(list, { dynamic: true, code: 409 }, undefined)).toMatchObject({ kind: 'generated', status: 409 });
    expect(choose(remove, { code: 206 }, undefined).kind).toBe('prism');
    expect(choose(list, {}, 'text/html')).toMatchObject({ kind: 'not-acceptable', error: { status: 406 } });
    expect(choose(list, {}, 'application/json;q=0, text/html').kind).toBe('not-acceptable');
    expect(choose(list, {}, 'text/html, */*;q=0.1').kind).toBe('static');
    expect(choose(list, {}, 'application/*').kind).toBe('static');
  });

  it("serves a media type's single `example` by default and by its name, `example` (the spec model's rule)", () => {
    expect(bodyOf(choose(count, {}, undefined))).toEqual({ count: 3 });
    expect(bodyOf(choose(count, { exampleKey: 'example' }, undefined))).toEqual({ count: 3 });
    expect(choose(count, { exampleKey: 'other' }, undefined)).toMatchObject({ kind: 'unhonourable', violation: { message: expect.stringContaining('documents the examples example') } });
  });

  it('names the documented examples when the one asked for does not exist', () => {
    expect(choose(list, { exampleKey: 'third' }, undefined)).toEqual({
      kind: 'unhonourable',
      violation: {
        location: ['header', 'prefer'],
        rule: 'example',
        message: 'header.prefer asks for example=third, but the 200 response of listThings documents the examples first, second',
      },
    });
  });
});
