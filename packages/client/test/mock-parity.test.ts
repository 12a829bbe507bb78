// A partner's test gets the same errors from the in-process mock as from the server: the client's messages quote the
// status text, which the in-process fetch now sends as the server does ("404 Not Found", not "404").
import { createMockFetch } from '@vendor/api-mock/fetch';
import { describe, expect, inject, it } from 'vitest';
import { createPlatformClient, isPlatformApiError, type PlatformClient } from '../src/index.js';

const IN_PROCESS = 'http://mock.local';

function clients(): [server: [string, PlatformClient], inProcess: [string, PlatformClient]] {
  const mockUrl = inject('mockUrl');
  return [
    ['server', createPlatformClient({ baseUrl: mockUrl, gatewayBaseUrl: mockUrl, token: 'any', maxRetries: 0 })],
    ['in-process', createPlatformClient({ baseUrl: IN_PROCESS, gatewayBaseUrl: IN_PROCESS, token: 'any', maxRetries: 0, fetch: createMockFetch() })],
  ];
}

async function messageOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    if (isPlatformApiError(error)) return `${error.status} ${error.message}`;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('the same error messages from the server and the in-process mock', () => {
  it.each([
    ['a 404', (c: PlatformClient) => c.getTeam({ params: { path: { id: 'x' } }, headers: { prefer: 'code=404' } })],
    ['a 503 fault', (c: PlatformClient) => c.getBatch({ params: { path: { id: 'b1' } }, headers: { prefer: 'fault=503' } })],
    ['invalid input', (c: PlatformClient) => c.getAgentSkill({ params: { path: { agent_skill_id: 'x' } }, headers: { prefer: 'code=99x' } })],
  ])('%s', async (_what, call) => {
    const [[, server], [, inProcess]] = clients();
    const overHttp = await messageOf(() => call(server));
    expect(await messageOf(() => call(inProcess))).toBe(overHttp);
    expect(overHttp).toMatch(/failed with status \d{3} [A-Z]/);
  });

  it('names the status text of the 404 as the README shows it', async () => {
    const [, [, inProcess]] = clients();
    expect(await messageOf(() => inProcess.getTeam({ params: { path: { id: 'x' } }, headers: { prefer: 'code=404' } }))).toBe(
      '404 getTeam failed with status 404 Not Found: Resource x not found.',
    );
  });
});
