// A stored record's answer is encoded once and kept; anything that could still change is encoded per answer.
import { describe, expect, it } from 'vitest';
import { envelopeOf, okFrozen } from '../../src/sandbox/handlers/frozen-json.js';
import { deepFreeze } from '../../src/sandbox/deep-freeze.js';

const decoded = (json: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(json));

describe('okFrozen', () => {
  it('encodes a frozen body once and sends those bytes on every later answer', () => {
    const record = deepFreeze({ id: 't1', members: ['ada'] });
    const first = okFrozen(record);
    const second = okFrozen(record);
    expect('json' in first && decoded(first.json)).toEqual({ id: 't1', members: ['ada'] });
    expect('json' in second && second.json).toBe('json' in first && first.json);
  });

  it('leaves an unfrozen body to be encoded when it is sent, so a later change is answered', () => {
    const body = { id: 't1' };
    const answer = okFrozen(body);
    expect(answer).toEqual({ status: 200, body });
    expect('json' in answer).toBe(false);
  });
});

describe('envelopeOf', () => {
  const template = deepFreeze({ meta: { source: 'example' } });

  it('gives the same frozen envelope for the same stored record, so its JSON is found again', () => {
    const data = deepFreeze({ id: 't1' });
    const envelope = envelopeOf(template, data);
    expect(envelope).toEqual({ meta: { source: 'example' }, data: { id: 't1' } });
    expect(Object.isFrozen(envelope)).toBe(true);
    expect(envelopeOf(template, data)).toBe(envelope);
  });

  it('builds a new envelope for data that is not frozen', () => {
    const data = { id: 't1' };
    const envelope = envelopeOf(template, data);
    expect(envelope).toEqual({ meta: { source: 'example' }, data });
    expect(envelopeOf(template, data)).not.toBe(envelope);
    expect(Object.isFrozen(envelope)).toBe(false);
  });
});
