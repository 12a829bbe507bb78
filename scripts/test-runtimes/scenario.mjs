// What every runtime runs against the mock, with only the client and standard web APIs (no Node built-ins), so the
// same file works in Node, Bun, Deno, a browser and workerd: a GET, a PUT with a body, a paginated iterator, an
// error path, the caller's signal joined with the attempt's time limit, and withResponse with an onRequest hook.
// `fixtures` (fixtures.mjs) holds the inputs and the answers the spec documents.
// Resolves to { ok: true, checks } or { ok: false, checks, failure }; never throws. `fetch` replaces the global one
// (the in-process mock: scenario-mock-fetch.mjs).
export async function runScenario(client, mockUrl, fixtures, { fetch } = {}) {
  const { createPlatformClient, PlatformApiError } = client;
  const checks = [];
  const warnings = [];
  const logger = { error: () => {}, warn: (line) => warnings.push(line), info: () => {}, debug: () => {} };
  try {
    const platform = createPlatformClient({
      baseUrl: mockUrl,
      gatewayBaseUrl: mockUrl,
      token: 'runtime-check-token',
      maxRetries: 0,
      timeoutMs: 60_000,
      logger,
      ...(fetch && { fetch }),
    });

    const team = await platform[fixtures.get.operationId](fixtures.get.init);
    expectSame(team, fixtures.get.expected, `GET ${fixtures.get.operationId}`);
    checks.push('GET');

    const put = await platform[fixtures.put.operationId](fixtures.put.init);
    expectSame(put, fixtures.put.expected, `PUT ${fixtures.put.operationId}`);
    checks.push('PUT');

    const items = [];
    for await (const item of platform[fixtures.iterate.iterator](fixtures.iterate.init)) items.push(item);
    expectSame(items, fixtures.iterate.expected, `${fixtures.iterate.iterator} items`);
    checks.push('iterator');

    let error;
    try {
      await platform[fixtures.error.operationId]({ ...fixtures.error.init, headers: { Prefer: `code=${fixtures.error.status}` } });
    } catch (caught) {
      error = caught;
    }
    if (!(error instanceof PlatformApiError)) throw new Error(`error path: expected a PlatformApiError, got ${describe(error)}`);
    if (error.status !== fixtures.error.status) throw new Error(`error path: status ${error.status}, expected ${fixtures.error.status}`);
    expectSame(error.body, fixtures.error.expectedBody, 'error path body');
    if (!error.message.startsWith(`${fixtures.error.operationId} failed with status ${fixtures.error.status}`)) {
      throw new Error(`error path: unexpected message ${JSON.stringify(error.message)}`);
    }
    checks.push('error');

    // The caller's signal is combined with the attempt's time limit: a live one lets the call through, and an
    // abort right after the call starts rejects it with the caller's own reason.
    const live = new AbortController();
    const withSignal = await platform[fixtures.get.operationId]({ ...fixtures.get.init, signal: live.signal });
    expectSame(withSignal, fixtures.get.expected, `GET ${fixtures.get.operationId} with a signal`);
    const aborted = new AbortController();
    const reason = new Error('runtime check: aborted by the caller');
    const abortedCall = platform[fixtures.get.operationId]({ ...fixtures.get.init, signal: aborted.signal });
    aborted.abort(reason);
    let abortError;
    try {
      await abortedCall;
    } catch (caught) {
      abortError = caught;
    }
    if (abortError !== reason) throw new Error(`abort: expected the caller's reason, got ${describe(abortError)}`);
    checks.push('abort');

    // withResponse: the same call with its Response; a hook that adds a header the mock's journal then shows.
    const seen = [];
    const hooked = createPlatformClient({
      baseUrl: mockUrl,
      gatewayBaseUrl: mockUrl,
      token: 'runtime-check-token',
      maxRetries: 0,
      logger,
      ...(fetch && { fetch }),
      hooks: {
        onRequest: ({ operationId, request }) => {
          seen.push(operationId);
          request.headers.set('x-runtime-hook', 'on');
        },
      },
    });
    const withResponse = await hooked[fixtures.get.operationId].withResponse(fixtures.get.init);
    expectSame(withResponse.data, fixtures.get.expected, `${fixtures.get.operationId}.withResponse data`);
    if (withResponse.response.status !== 200) throw new Error(`withResponse: status ${withResponse.response.status}`);
    if (withResponse.requestId !== null && typeof withResponse.requestId !== 'string') throw new Error('withResponse: requestId is neither a string nor null');
    expectSame(seen, [fixtures.get.operationId], 'onRequest hook calls');
    const journalFetch = fetch ?? globalThis.fetch;
    const journal = await (await journalFetch(`${mockUrl}/_mock/requests?operationId=${fixtures.get.operationId}`)).json();
    const last = journal.requests.at(-1);
    if (last?.headers?.['x-runtime-hook'] !== 'on') throw new Error('hook: the header onRequest set did not reach the mock');
    checks.push('withResponse+hook');
    return { ok: true, checks, warnings };
  } catch (failure) {
    return { ok: false, checks, warnings, failure: describe(failure) };
  }
}

export function describe(value) {
  if (value instanceof Error) return `${value.name}: ${value.message}${value.cause ? ` (cause: ${describe(value.cause)})` : ''}`;
  return String(value);
}

/** JSON with object keys sorted, so that key order does not matter. */
function canonical(value) {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

export function expectSame(actual, expected, what) {
  if (canonical(actual) !== canonical(expected)) {
    throw new Error(`${what}: got ${canonical(actual)?.slice(0, 300)}, expected ${canonical(expected)?.slice(0, 300)}`);
  }
}
