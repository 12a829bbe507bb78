// Requests strict, responses liberal (docs/ARCHITECTURE.md): generated over every documented response.
//   1. A "real-shaped" body for every response (2xx and errors) validates: `null` in every optional field
//      that may be null (and, in a second set, a value there), an unknown value in every open enumeration,
//      an unknown property in every object, every branch of every union in one of the instances.
//   2. The same bodies with one typed value swapped for a value of another JSON type are rejected.
//   3. Structural rules over the schemas each direction reaches.
import { describe, expect, test } from 'vitest';
import { doc } from './lib/spec';
import {
  closedEnumsInResponses,
  closedObjectsInResponses,
  openEnumsInRequests,
  openRequestBodies,
  optionalPropertiesRejectingNull,
  realShapedInstances,
  responseUses,
  validatorsFor,
  wrongTypesAccepted,
} from './lib/liberal';

const compile = validatorsFor(doc);
const uses = responseUses(doc);

describe('real-shaped responses validate', () => {
  test('every operation documents at least one JSON response body', () => {
    expect(uses.length).toBeGreaterThan(0);
  });

  test.each(uses.map((use) => [use.label, use] as const))('%s', (_label, use) => {
    const validate = compile(use.schema);
    const rejected: string[] = [];
    for (const { name, value } of realShapedInstances(doc, use)) {
      if (!validate(value)) {
        rejected.push(`${name}: ${JSON.stringify(validate.errors?.slice(0, 5))}\n  ${JSON.stringify(value)}`);
      }
    }
    expect(rejected, `${use.location}\n${rejected.join('\n')}`).toEqual([]);
  });
});

describe('wrong types in responses are still rejected', () => {
  test.each(uses.map((use) => [use.label, use] as const))('%s', (_label, use) => {
    const { accepted, mutations } = wrongTypesAccepted(doc, use);
    expect(mutations).toBeGreaterThan(0);
    expect(accepted, accepted.join('\n')).toEqual([]);
  });
});

describe('structure', () => {
  test('every optional property reachable from a response accepts null', () => {
    const found = optionalPropertiesRejectingNull(doc);
    expect(found, `optional response properties that reject null:\n${found.join('\n')}`).toEqual([]);
  });

  test('every enumeration reachable from a response is open (anyOf: [{type: string, enum}, {type: string}])', () => {
    const found = closedEnumsInResponses(doc);
    expect(found, `closed enumerations in responses:\n${found.join('\n')}`).toEqual([]);
  });

  test('no object reachable from a response refuses unknown properties', () => {
    const found = closedObjectsInResponses(doc);
    expect(found, `closed objects in responses:\n${found.join('\n')}`).toEqual([]);
  });

  test('no open enumeration is reachable from a request (requests stay as strict as the service)', () => {
    const found = openEnumsInRequests(doc);
    expect(found, `open enumerations in requests:\n${found.join('\n')}`).toEqual([]);
  });

  test('every top-level request body refuses unknown properties', () => {
    const found = openRequestBodies(doc);
    expect(found, `request bodies accepting unknown properties:\n${found.join('\n')}`).toEqual([]);
  });
});
