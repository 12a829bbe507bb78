// Attacks on the request journal: a tenant that fills it with large refused bodies, then reads it. Before the
// journal was bounded in bytes, fourteen 10 MB bodies and one GET /_mock/requests ended the process for everyone
// (RangeError: Invalid string length, unhandled); now a large body is kept as a line that says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_BODY_LIMIT } from '../../src/journal/journal-recorder.js';
import { bystanderStatus, MCP_PATH, numberArray, put, readJournal, startSharedSandbox, startStatelessMock, type Tenants } from './attack-helpers.js';

const NINE_MB = 9_000_000;
const BODIES = 14;

describe('attack: the journal filled with large refused bodies, then read', () => {
  let tenants: Tenants;
  beforeAll(async () => {
    tenants = await startSharedSandbox();
  });
  afterAll(() => tenants.sandbox.close());

  it('shared sandbox: each body is refused (400), the journal lists them without their bodies, and another tenant is served', async () => {
    const { sandbox, attacker, bystander } = tenants;
    const body = numberArray(NINE_MB);
    for (let i = 0; i < BODIES; i++) expect((await put(sandbox.url, MCP_PATH, attacker, body)).status).toBe(400);
    const journal = await readJournal(sandbox.url, attacker);
    expect(journal.status).toBe(200);
    const refused = journal.body.requests.filter((entry: any) => entry.status === 400);
    expect(refused).toHaveLength(BODIES);
    for (const entry of refused) {
      expect(entry.truncated).toBe(true);
      expect(entry.body).toBe(`[a JSON body of ${body.length} bytes, over the ${JOURNAL_BODY_LIMIT} bytes the journal keeps of a body; not shown]`);
    }
    expect(await bystanderStatus(sandbox.url, bystander)).toBe(200);
  });

  it('shared sandbox: what the journal keeps of a tenant stays within its byte budget, and a small body is kept whole', async () => {
    const { sandbox, attacker } = tenants;
    const small = JSON.stringify({ manifest: { type: 'mcp-server/remote', name: 'ab' } });
    expect((await put(sandbox.url, MCP_PATH, attacker, small)).status).toBe(400);
    const journal = await readJournal(sandbox.url, attacker);
    const last = journal.body.requests.at(-1);
    expect(last.body).toEqual(JSON.parse(small));
    expect(last.truncated).toBeUndefined();
  });
});

describe('attack: the stateless mock journal filled with large bodies, then read', () => {
  it('answers the journal and then another caller', async () => {
    const { mock } = await startStatelessMock();
    try {
      const body = numberArray(NINE_MB);
      for (let i = 0; i < BODIES; i++) expect((await put(mock.url, MCP_PATH, 'any', body)).status).toBe(400);
      const journal = await readJournal(mock.url, 'any');
      expect(journal.status).toBe(200);
      expect(journal.body.requests.filter((entry: any) => entry.truncated === true)).toHaveLength(BODIES);
      expect(await bystanderStatus(mock.url)).toBe(200);
    } finally {
      await mock.close();
    }
  });
});
