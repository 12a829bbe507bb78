// What every runtime runs against the in-process mock (`@vendor/api-mock/fetch`), beside scenario.mjs over HTTP:
// the same scenario with createMockFetch() as the client's fetch, a retry proven against Prefer: fault=503,
// times=2 (read back from the journal, token redacted), and the sandbox in memory with a token of its own.
// Standard web APIs only. Resolves to { ok, checks, failure? }; never throws.
import { describe, expectSame, runScenario } from './scenario.mjs';

const IN_PROCESS_URL = 'http://mock.local';

export async function runMockFetchScenario(client, mockModule, fixtures) {
  const { createMockFetch } = mockModule;
  const scenario = await runScenario(client, IN_PROCESS_URL, fixtures, { fetch: createMockFetch() });
  const checks = scenario.checks.map((check) => `in-process ${check}`);
  if (!scenario.ok) return { ...scenario, checks };
  try {
    await checkRetryAgainstFault(client, createMockFetch, fixtures);
    checks.push('in-process retry');
    await checkSandbox(client, createMockFetch, fixtures);
    checks.push('in-process sandbox');
    return { ok: true, checks, warnings: scenario.warnings };
  } catch (failure) {
    return { ok: false, checks, warnings: scenario.warnings, failure: describe(failure) };
  }
}

async function checkRetryAgainstFault(client, createMockFetch, fixtures) {
  const mockFetch = createMockFetch();
  const platform = client.createPlatformClient({ baseUrl: IN_PROCESS_URL, gatewayBaseUrl: IN_PROCESS_URL, token: 'runtime-check-token', fetch: mockFetch });
  const { operationId, init, expected } = fixtures.get;
  const answer = await platform[operationId]({ ...init, headers: { Prefer: 'fault=503, times=2, key=runtime, retry-after=0' } });
  expectSame(answer, expected, `${operationId} after two 503s`);
  const sent = mockFetch.requests(undefined, { operationId });
  expectSame(
    sent.map((request) => [request.status, request.headers.authorization]),
    [
      [503, 'Bearer ***'],
      [503, 'Bearer ***'],
      [200, 'Bearer ***'],
    ],
    'journal of the retried call',
  );
}

async function checkSandbox(client, createMockFetch, fixtures) {
  const sandbox = createMockFetch({ sandbox: {} });
  const token = await sandbox.token('acme');
  const platform = client.createPlatformClient({ baseUrl: IN_PROCESS_URL, gatewayBaseUrl: IN_PROCESS_URL, token, fetch: sandbox, maxRetries: 0 });
  const { operationId, init } = fixtures.put;
  await platform[operationId]({ ...init, body: fixtures.put.init.body });
  const refused = await client
    .createPlatformClient({ baseUrl: IN_PROCESS_URL, gatewayBaseUrl: IN_PROCESS_URL, token: 'not-a-sandbox-token', fetch: sandbox, maxRetries: 0 })
    [operationId]({ ...init, body: fixtures.put.init.body })
    .then(
      () => undefined,
      (error) => error,
    );
  if (!(refused instanceof client.PlatformApiError) || refused.status !== 401) throw new Error(`sandbox: a foreign token got ${describe(refused)}, expected a 401`);
  expectSame(
    sandbox.requests('acme').map((request) => [request.operationId, request.status]),
    [[operationId, 200]],
    'sandbox journal of tenant acme',
  );
}
