import { describe, expect, it } from 'vitest';
import { createSpecModel, responseFor } from '../src/index.js';
import { documentWith, operation } from './documents.js';

const withStatuses = (...statuses: string[]) => ({ responses: statuses.map((status) => ({ status })) });

describe('responseFor: the documented response that answers a status', () => {
  it('takes the exact status first, over its range and default', () => {
    expect(responseFor(withStatuses('default', '4XX', '404'), 404)?.status).toBe('404');
  });

  it('then the range of the status, in either case', () => {
    expect(responseFor(withStatuses('default', '4XX', '404'), 409)?.status).toBe('4XX');
    expect(responseFor(withStatuses('5xx'), 503)?.status).toBe('5xx');
    expect(responseFor(withStatuses('2XX'), 404)).toBeUndefined();
  });

  it('then default, and nothing when none of them is documented', () => {
    expect(responseFor(withStatuses('200', '4XX', 'default'), 500)?.status).toBe('default');
    expect(responseFor(withStatuses('200', '404'), 500)).toBeUndefined();
    expect(responseFor(withStatuses(), 200)).toBeUndefined();
  });

  it('answers with the model’s own response objects', () => {
    const model = createSpecModel(documentWith({
      '/x': { get: operation('x', { responses: { '200': { description: 'ok' }, '4XX': { description: 'client error' } } }) },
    }));
    const x = model.operation('x');
    expect(responseFor(x, 200)).toBe(x.responses[0]);
    expect(responseFor(x, 422)).toBe(x.responses[1]);
    expect(responseFor(x, 500)).toBeUndefined();
  });
});
