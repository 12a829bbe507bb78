// The update attack on --max-tenant-bytes at the sizes it was found with: 16 small stdio MCP servers, then the same
// names again with an 8 MB `args` value. Every update used to answer 200 (a tenant held 134 MB against a 10 MB quota);
// now the update that would pass the quota is refused. The same attack, smaller, runs on every store (memory, --data
// and Postgres) in test/sandbox/quotas.ts ("--max-tenant-bytes holds for updates").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stdioServer } from '../sandbox/quotas.js';
import { bystanderStatus, MCP_PATH, put, startSharedSandbox, type Tenants } from './attack-helpers.js';

describe('attack: updates past --max-tenant-bytes (shared sandbox, 10 MB)', () => {
  let tenants: Tenants;
  beforeAll(async () => {
    tenants = await startSharedSandbox();
  });
  afterAll(() => tenants.sandbox.close());

  it('the second 8 MB update is refused 403, every later one too; a shrinking update passes; another tenant is served', async () => {
    const { sandbox, attacker, bystander } = tenants;
    for (let i = 0; i < 16; i++) expect((await put(sandbox.url, MCP_PATH, attacker, JSON.stringify(stdioServer(`small-${i}`)))).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await put(sandbox.url, MCP_PATH, attacker, JSON.stringify(stdioServer(`small-${i}`, 8_000_000)))).status);
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1)).toEqual(Array(15).fill(403));
    expect((await put(sandbox.url, MCP_PATH, attacker, JSON.stringify(stdioServer('small-0')))).status).toBe(200);
    const grown = await put(sandbox.url, MCP_PATH, attacker, JSON.stringify(stdioServer('small-1', 8_000_000)));
    expect(grown.status).toBe(200);
    // The 8 MB body arrived in many pieces and was stored byte for byte.
    const stored = await fetch(`${sandbox.url}/api/svc/v1/mcp-servers/${grown.body.data.id}`, { headers: { authorization: `Bearer ${attacker}` } });
    expect((await stored.json()).data.manifest.args).toEqual(['x'.repeat(8_000_000)]);
    expect(await bystanderStatus(sandbox.url, bystander)).toBe(200);
  });
});
