// Both wire forms of a turn are served: the older one (created_by_subject), which every SDK in the field parses, by
// default; the newer one (first_turn_id and updated_at, no created_by_subject) by the named example newerGateway, and
// by the sandbox for the turns of a second session.
import { describe, expect, it } from 'vitest';
import { createMockFetch } from '../../src/fetch.js';

const SESSION = '01arz3ndektsv4rrffq69g5fav.g';
const SECOND_SESSION = '01arz3ndektsv4rrffq69g5fbw.g';
const turnsUrl = (session: string) => `http://mock.test/acme/v1/agents/sessions/${session}/turns`;

async function turns(mock: (input: string, init?: RequestInit) => Promise<Response>, url: string, headers: Record<string, string>): Promise<any[]> {
  const answer = await mock(url, { headers });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as { data: any[] }).data;
}

describe('turn wire forms', () => {
  it('the mock serves created_by_subject by default, and the newer form with Prefer: example=newerGateway', async () => {
    const mock = createMockFetch({ onWarning: () => {} });
    const byDefault = await turns(mock, turnsUrl(SESSION), { authorization: 'Bearer any' });
    expect(byDefault.length).toBeGreaterThan(0);
    for (const turn of byDefault) expect(turn.created_by_subject, turn.id).toBeDefined();
    const newer = await turns(mock, turnsUrl(SESSION), { authorization: 'Bearer any', prefer: 'example=newerGateway' });
    expect(newer.length).toBeGreaterThan(0);
    for (const turn of newer) {
      expect('created_by_subject' in turn, turn.id).toBe(false);
      expect(turn).toMatchObject({ first_turn_id: expect.any(String), updated_at: expect.any(String) });
    }
  });

  it('the sandbox serves the example session in the older form and a second session in the newer form', async () => {
    const sandbox = createMockFetch({ sandbox: {}, onWarning: () => {} });
    const authorization = `Bearer ${await sandbox.token('acme')}`;
    const older = await turns(sandbox, `${turnsUrl(SESSION)}?limit=25`, { authorization });
    expect(older.length).toBeGreaterThanOrEqual(5);
    for (const turn of older) expect(turn.created_by_subject, turn.id).toBeDefined();
    const newer = await turns(sandbox, turnsUrl(SECOND_SESSION), { authorization });
    expect(newer.length).toBeGreaterThan(0);
    for (const turn of newer) expect('created_by_subject' in turn, turn.id).toBe(false);
  });
});
