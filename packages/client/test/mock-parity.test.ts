// A partner's test gets the same errors from the in-process mock as from the server: the client's messages quote the
// status text, which the in-process fetch now sends as the server does ("404 Not Found", not "404").
import { createMockFetch } from '@vendor/api-mock/fetch';
import { describe, expect, inject, it } from 'vitest';
import { createPlatformClient, isPlatformApiError, type PlatformApiError, type PlatformClient } from '../src/index.js';

const IN_PROCESS = 'http://mock.local';

function clients(): [server: [string, PlatformClient], inProcess: [string, PlatformClient]] {
  const mockUrl = inject('mockUrl');
  return [
    ['server', createPlatformClient({ baseUrl: mockUrl, gatewayBaseUrl: mockUrl, token: 'any', maxRetries: 0 })],
    ['in-process', createPlatformClient({ baseUrl: IN_PROCESS, gatewayBaseUrl: IN_PROCESS, token: 'any', maxRetries: 0, fetch: createMockFetch() })],
  ];
}

const REQUEST_ID = /req_[0-9a-f]{12}[0-9a-z]{8}/;

async function errorOf(call: () => Promise<unknown>): Promise<PlatformApiError> {
  try {
    await call();
  } catch (error) {
    if (isPlatformApiError(error)) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

/** The error's status and message, its request id (another one each time, in its own format) named as such. */
async function messageOf(call: () => Promise<unknown>): Promise<string> {
  const error = await errorOf(call);
  return `${error.status} ${error.message.replace(REQUEST_ID, 'REQUEST_ID')}`;
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
      '404 getTeam failed with status 404 Not Found: Resource x not found. (request id REQUEST_ID)',
    );
  });

  it.each([0, 1])('carries the request id the mock answered with (way %i: server, in-process)', async (way) => {
    const [, client] = clients()[way]!;
    const error = await errorOf(() => client.getTeam({ params: { path: { id: 'x' } }, headers: { prefer: 'code=404' } }));
    expect(error.requestId).toMatch(new RegExp(`^${REQUEST_ID.source}$`));
    expect(error.message).toContain(`(request id ${error.requestId})`);
  });
});
