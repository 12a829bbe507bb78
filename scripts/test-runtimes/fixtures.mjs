// Inputs and expected answers of scenario.mjs, read from the bundled spec (so they follow the spec): what the
// mock answers by default is the first example of the first 2xx response; Prefer: code=N picks a documented error.
import { jsonContentOf } from '@vendor/spec-model';
import { findOperation, parameterExample, parameters, requestExample, responseExample, specModel } from '../../bench/lib/spec.mjs';

/** The init a user would pass: every required parameter and path parameter, from the spec's examples. */
function exampleInit(operationId) {
  const entry = findOperation(operationId);
  const params = {};
  for (const p of parameters(entry)) {
    if (!p.required && p.in !== 'path') continue;
    (params[p.in] ??= {})[p.name] = parameterExample(p);
  }
  return { params };
}

function errorExample(operationId, status) {
  const response = specModel().operation(operationId).responses.find((r) => r.status === String(status));
  const media = response ? jsonContentOf(response.content) : undefined;
  if (!media || media.examples.length === 0) throw new Error(`${operationId} documents no ${status} JSON example`);
  return media.examples[0].value;
}

export function buildFixtures() {
  return {
    get: { operationId: 'getTeam', init: exampleInit('getTeam'), expected: responseExample('getTeam').body },
    put: {
      operationId: 'createOrUpdateMcpServer',
      init: { ...exampleInit('createOrUpdateMcpServer'), body: requestExample('createOrUpdateMcpServer') },
      expected: responseExample('createOrUpdateMcpServer').body,
    },
    // The mock serves the same example page for every offset: the iterator yields it once and stops.
    iterate: { iterator: 'iterateAgentSkillVersions', init: exampleInit('listAgentSkillVersions'), expected: responseExample('listAgentSkillVersions').body.data },
    error: { operationId: 'getTeam', init: exampleInit('getTeam'), status: 404, expectedBody: errorExample('getTeam', 404) },
  };
}
