// Both scenarios a runtime runs: the client over HTTP against the mock server (scenario.mjs), and the client on
// the in-process mock (scenario-mock-fetch.mjs). One result: ok when both are, every check listed.
import { runScenario } from './scenario.mjs';
import { runMockFetchScenario } from './scenario-mock-fetch.mjs';

export async function runChecks(client, mockModule, mockUrl, fixtures) {
  const overHttp = await runScenario(client, mockUrl, fixtures);
  if (!overHttp.ok) return overHttp;
  const inProcess = await runMockFetchScenario(client, mockModule, fixtures);
  return {
    ok: inProcess.ok,
    checks: [...overHttp.checks, ...inProcess.checks],
    warnings: [...overHttp.warnings, ...(inProcess.warnings ?? [])],
    ...(inProcess.failure !== undefined && { failure: inProcess.failure }),
  };
}
