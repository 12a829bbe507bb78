// Attacks with deeply nested JSON. Before depth was bounded, one 8 KB body nested 4,000 levels made every later
// GET /_mock/requests answer 500 (the recursive redaction overflowed the stack; on the stateless mock, whose journal
// is shared, for every caller until a DELETE), and a body nested 2,000 levels in model-version metadata got a 500.
// Now a body nested past MAX_JSON_DEPTH is refused as invalid input (rule maxDepth) before anything walks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/core/request-body.js';
import { requestExample } from '../sandbox/helpers.js';
import { bystanderStatus, MCP_PATH, nested, put, readJournal, startSharedSandbox, startStatelessMock, type Tenants } from './attack-helpers.js';

const MODEL_VERSIONS = '/api/ml/v1/model-versions';

function deepMetadataVersion(depth: number): string {
  const version = requestExample('createOrUpdateModelVersion');
  const marker = '"__deep__"';
  version.manifest.metadata = '__deep__';
  return JSON.stringify(version).replace(marker, `{"a":${nested(depth)}}`);
}

describe('attack: deeply nested bodies', () => {
  let tenants: Tenants;
  beforeAll(async () => {
    tenants = await startSharedSandbox();
  });
  afterAll(() => tenants.sandbox.close());

  it('shared sandbox: 4,000 levels are refused 400 naming the rule; the journal still reads; another tenant is served', async () => {
    const { sandbox, attacker, bystander } = tenants;
    const refused = await put(sandbox.url, MCP_PATH, attacker, nested(4000));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'body', rule: 'maxDepth', message: `body nests objects and arrays deeper than the mock accepts (${MAX_JSON_DEPTH} levels)` }]);
    const journal = await readJournal(sandbox.url, attacker);
    expect(journal.status).toBe(200);
    expect(journal.body.requests.at(-1)).toMatchObject({ status: 400, body: '[a JSON body nested too deep to check, not shown]' });
    expect(await bystanderStatus(sandbox.url, bystander)).toBe(200);
  });

  it('shared sandbox: model-version metadata nested 2,000 levels is a 422 in the ML shape, not a 500', async () => {
    const { sandbox, attacker, bystander } = tenants;
    const refused = await put(sandbox.url, MODEL_VERSIONS, attacker, deepMetadataVersion(2000));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['body'], type: 'maxDepth' })]);
    // Just within the limit it is stored and read back.
    const within = await put(sandbox.url, MODEL_VERSIONS, attacker, deepMetadataVersion(MAX_JSON_DEPTH - 10));
    expect(within.status).toBe(200);
    expect((await readJournal(sandbox.url, attacker)).status).toBe(200);
    expect(await bystanderStatus(sandbox.url, bystander)).toBe(200);
  });

  it('stateless mock: its shared journal still reads for everyone after a deep body', async () => {
    const { mock } = await startStatelessMock();
    try {
      expect((await put(mock.url, MCP_PATH, 'any', nested(4000))).status).toBe(400);
      expect((await readJournal(mock.url, 'other')).status).toBe(200);
      expect(await bystanderStatus(mock.url)).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('nestsDeeperThan', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('counts objects and arrays, not brackets inside strings (escaped quotes included)', () => {
    expect(nestsDeeperThan(bytes(nested(3)), 3)).toBe(false);
    expect(nestsDeeperThan(bytes(nested(4)), 3)).toBe(true);
    expect(nestsDeeperThan(bytes('{"a":{"b":{"c":1}}}'), 3)).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":{"b":{"c":{}}}}'), 3)).toBe(true);
    expect(nestsDeeperThan(bytes(`{"s":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`), 1)).toBe(false);
    expect(nestsDeeperThan(bytes('[[["é", "\\\\"], ["{"]]]'), 3)).toBe(false);
  });
});
