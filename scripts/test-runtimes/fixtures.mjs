// Inputs and expected answers of scenario.mjs, read from the bundled spec (so they follow the spec): what the
// mock answers by default is the first example of the first 2xx response; Prefer: code=N picks a documented error.
import { deref, findOperation, loadBundle, parameterExample, parameters, requestExample, responseExample } from '../../bench/lib/spec.mjs';

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
  const doc = loadBundle();
  const { op } = findOperation(operationId);
  const media = deref(doc, op.responses[String(status)])?.content?.['application/json'];
  if (!media) throw new Error(`${operationId} documents no ${status} JSON response`);
  const first = Object.values(media.examples ?? {})[0];
  return first ? deref(doc, first).value : media.example;
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
