// The handler table against the bundle the mock serves: every operation is answered from the store or left
// to the stateless answers on purpose, never both (the compile-time half is handler-table.test-d.ts).
import { describe, expect, it } from 'vitest';
import { handlerFor, SANDBOX_HANDLERS, STATELESS_OPERATIONS } from '../../src/sandbox/handlers/handler-table.js';
import { operations } from './helpers.js';

describe('sandbox handler table', () => {
  const served = operations.map((o) => o.operationId).sort();
  const stateless: readonly string[] = STATELESS_OPERATIONS;

  it('names every operation of the bundle once: a handler or a deliberate stateless answer', () => {
    expect([...Object.keys(SANDBOX_HANDLERS), ...stateless].sort()).toEqual(served);
  });

  it('finds a handler by operationId, and none for stateless or unknown operations', () => {
    for (const id of served) expect(handlerFor(id) !== undefined, id).toBe(!stateless.includes(id));
    expect(handlerFor('toString')).toBeUndefined();
    expect(handlerFor('getTeams')).toBeUndefined();
  });
});
