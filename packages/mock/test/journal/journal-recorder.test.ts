// An entry's path and query as GET /_mock/requests shows them: read as routing reads the target (a plain one split,
// any other through the URL parser), with the query and the body redacted together.
import { describe, expect, it } from 'vitest';
import type { IncomingRequest } from '../../src/core/exchange.js';
import type { RequestContext } from '../../src/core/request-context.js';
import { journalEntryOf } from '../../src/journal/journal-recorder.js';

function entryOf(target: string, body: RequestContext['body'] = { kind: 'none' } as RequestContext['body']) {
  const request = { method: 'GET', target, headers: { authorization: 'Bearer tok-123456' }, hasBody: false } as unknown as IncomingRequest;
  const ctx = { caller: { tenant: 'acme', subject: 'user:dev' }, op: { operationId: 'getTeam' }, body, violations: [] } as unknown as RequestContext;
  return journalEntryOf(request, ctx, 200, performance.now(), 'req_1').entry;
}

describe('an entry of the journal', () => {
  it('shows a plain target as it came, with no query and no body', () => {
    expect(entryOf('/api/svc/v1/teams/t1')).toMatchObject({ path: '/api/svc/v1/teams/t1', query: {}, body: null });
    expect(entryOf('/api/svc/v1/teams/t1?')).toMatchObject({ path: '/api/svc/v1/teams/t1', query: {} });
  });

  it('decodes the query, a repeated name as a list', () => {
    expect(entryOf('/api/svc/v1/teams?a=1&a=2&b=%20x+y&c=')).toMatchObject({ path: '/api/svc/v1/teams', query: { a: ['1', '2'], b: ' x y', c: '' } });
  });

  it('shows the path the URL parser resolves, as routing read it', () => {
    expect(entryOf('/api/svc/v1/teams/x/../t1?q=1')).toMatchObject({ path: '/api/svc/v1/teams/t1', query: { q: '1' } });
    expect(entryOf('/api/svc/v1/teams/%2E%2E/t2')).toMatchObject({ path: '/api/svc/v1/t2' });
    expect(entryOf('/api/svc/v1/teams/Zoë')).toMatchObject({ path: '/api/svc/v1/teams/Zo%C3%AB' });
  });

  it('masks a secret query parameter, and its value wherever the body repeats it', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ note: 'sk-live-abcdef', other: 'kept' }));
    const entry = entryOf('/api/svc/v1/teams?access_token=sk-live-abcdef&page=2', { kind: 'json', bytes } as unknown as RequestContext['body']);
    expect(entry).toMatchObject({ query: { access_token: '***', page: '2' }, body: { note: '***', other: 'kept' }, headers: { authorization: 'Bearer ***' } });
    expect(JSON.stringify(entry)).not.toContain('sk-live-abcdef');
  });
});
