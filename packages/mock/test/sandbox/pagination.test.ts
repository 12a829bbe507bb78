// The sandbox pages as each operation's x-pagination says, never by parameter names of its own: a copy of the
// spec that renames the token and offset parameters (in x-pagination and in the operations' parameters)
// pages by the new names, and the old names are no longer read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningSandbox } from '../../src/index.js';
import { loadBundle, loadModel, type Doc } from '../helpers/spec.js';

const TOKEN = 'cursor';
const OFFSET = 'skip';

/** The bundle with a query parameter of an operation renamed, and its x-pagination field with it. */
function renameQueryParameter(doc: Doc, operationId: string, field: 'tokenParameter' | 'offsetParameter', name: string): void {
  // The model's objects are the document's own: renaming them changes the copy.
  const operation = loadModel(doc).operation(operationId);
  const pagination = operation.definition['x-pagination'];
  operation.parameters.find((parameter) => parameter.name === pagination[field])!.definition.name = name;
  pagination[field] = name;
}

function renamedSpec(): Doc {
  const doc = loadBundle();
  renameQueryParameter(doc, 'listAgentSessionTurns', 'tokenParameter', TOKEN);
  renameQueryParameter(doc, 'listAgentSkillVersions', 'offsetParameter', OFFSET);
  return doc;
}

describe('sandbox paging by x-pagination', () => {
  let sandbox: RunningSandbox;
  let token: string;
  const session = loadModel().operation('listAgentSessionTurns').parameters.find((p) => p.name === 'sessionId')!.example as string;

  beforeAll(async () => {
    sandbox = await startMock({ spec: renamedSpec(), sandbox: { secret: 'paging-test-secret' }, onWarning: () => {} });
    token = await sandbox.token('acme');
  }, 5 * 60_000);
  afterAll(() => sandbox?.close());

  const get = async (path: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
    const res = await fetch(`${sandbox.url}${path}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() };
  };
  const turns = (query: Record<string, string | number> = {}) => get(`/acme/v1/agents/sessions/${encodeURIComponent(session)}/turns`, query);

  it(`walks the turns by the renamed token parameter (${TOKEN}), page by page, to the last page`, async () => {
    const all = (await turns({ limit: 25 })).body.data.map((turn: any) => turn.id);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    let next: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await turns({ limit: 2, ...(next !== undefined && { [TOKEN]: next }) });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((turn: any) => turn.id));
      next = res.body.pagination.next_page_token;
      if (next === undefined) break;
    }
    expect(next).toBeUndefined();
    expect(seen).toEqual(all);
  });

  it('no longer reads the old name: page_token is an unknown query parameter, the first page comes back', async () => {
    const first = await turns({ limit: 2 });
    const second = first.body.pagination.next_page_token;
    expect((await turns({ limit: 2, [TOKEN]: second })).body.data[0].id).toBe(second);
    expect((await turns({ limit: 2, page_token: second })).body).toEqual(first.body);
  });

  it('names the renamed parameter when its token names no turn', async () => {
    const res = await turns({ [TOKEN]: 'not-a-turn' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: TOKEN, code: 'invalid_page_token', message: `${TOKEN} names no turn; pass the next_page_token of the previous page` });
  });

  it(`pages agent skill versions by the renamed offset parameter (${OFFSET})`, async () => {
    const all = (await get('/api/svc/v1/agent-skill-versions', { limit: 1000 })).body.data.map((version: any) => version.id);
    const page = await get('/api/svc/v1/agent-skill-versions', { [OFFSET]: 5, limit: 4 });
    expect(page.body.pagination).toEqual({ total: all.length, offset: 5, limit: 4 });
    expect(page.body.data.map((version: any) => version.id)).toEqual(all.slice(5, 9));
    const oldName = await get('/api/svc/v1/agent-skill-versions', { offset: 5, limit: 4 });
    expect(oldName.body.data.map((version: any) => version.id)).toEqual(all.slice(0, 4));
  });
});

describe('sandbox paging without x-pagination', () => {
  it('answers 500 naming the missing x-pagination instead of guessing parameter names', async () => {
    const doc = loadBundle();
    delete loadModel(doc).operation('listAgentSkillVersions').definition['x-pagination'];
    const warnings: string[] = [];
    const sandbox = await startMock({ spec: doc, sandbox: { secret: 'paging-test-secret' }, onWarning: (line) => warnings.push(line) });
    try {
      const token = await sandbox.token('acme');
      const res = await fetch(`${sandbox.url}/api/svc/v1/agent-skill-versions`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(500);
      expect(warnings.join('\n')).toContain('listAgentSkillVersions by x-pagination with style offset; the spec gives none');
    } finally {
      await sandbox.close();
    }
  }, 5 * 60_000);
});
