// Answers made of stored records, encoded once. The stores keep records deep-frozen (deep-freeze.ts), and a record
// is read far more often than written: its answer's JSON is made on the first read and kept beside it (in a
// WeakMap, so it goes when the record goes) instead of being made again on every read.
import type { SandboxAnswer } from '../../pipeline/seams.js';
import { ok } from './answer-builders.js';

const ENCODER = new TextEncoder();
const encodedAnswers = new WeakMap<object, Uint8Array>();

/**
 * 200 with `body`, encoded once while `body` lives. Only for a frozen body (every part of a stored record is frozen
 * with it): an unfrozen one could change after its JSON was kept, so it is answered as `ok` answers it.
 */
export function okFrozen(body: object): SandboxAnswer {
  if (!Object.isFrozen(body)) return ok(body);
  let json = encodedAnswers.get(body);
  if (json === undefined) {
    json = ENCODER.encode(JSON.stringify(body));
    encodedAnswers.set(body, json);
  }
  return { status: 200, body, json };
}

const envelopesByTemplate = new WeakMap<object, WeakMap<object, object>>();

/**
 * `{ ...template, data }`: for a frozen template and `data`, the same frozen object for as long as both live, so
 * okFrozen finds its JSON again on the next read.
 */
export function envelopeOf(template: object, data: object): object {
  const isStored = Object.isFrozen(template) && Object.isFrozen(data);
  if (!isStored) return { ...template, data };
  let envelopes = envelopesByTemplate.get(template);
  if (envelopes === undefined) {
    envelopes = new WeakMap();
    envelopesByTemplate.set(template, envelopes);
  }
  let envelope = envelopes.get(data);
  if (envelope === undefined) {
    envelope = Object.freeze({ ...template, data });
    envelopes.set(data, envelope);
  }
  return envelope;
}
