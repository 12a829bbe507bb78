// The journal and what it shows: query-string secrets are masked by the rule the proxy's recordings use (redactBody
// over the query's record, with the body, so a secret repeated in one is masked in the other); and the stateless
// mock's journal, which no token guards, answers CORS only to pages on this machine (or origins listed).
import { describe, expect, it } from 'vitest';
import { queryRecord } from '../../src/core/query-record.js';
import { redactBody } from '../../src/journal/redaction.js';
import { startMock } from '../../src/index.js';
import { readJournal, startSharedSandbox, TEAM_ID } from './attack-helpers.js';

const QUERY = 'access_token=QSECRET123&api_key=QKEY456&expand=members';

describe('attack: secrets in the query string', () => {
  it('shared sandbox: the journal masks them as the proxy recordings do, and nothing else', async () => {
    const { sandbox, attacker } = await startSharedSandbox();
    try {
      await fetch(`${sandbox.url}/api/svc/v1/teams/${TEAM_ID}?${QUERY}`, { headers: { authorization: `Bearer ${attacker}` } });
      const journal = await readJournal(sandbox.url, attacker);
      const entry = journal.body.requests.at(-1);
      expect(entry.query).toEqual({ access_token: '***', api_key: '***', expand: 'members' });
      // The proxy's recordings pass a request's query through this same function (record-example.ts).
      expect(entry.query).toEqual(redactBody(queryRecord(new URLSearchParams(QUERY))));
      expect(JSON.stringify(journal.body)).not.toMatch(/QSECRET123|QKEY456/);
    } finally {
      await sandbox.close();
    }
  });

  it('stateless mock: a query secret repeated in the body is masked there too', async () => {
    const mock = await startMock({ onWarning: () => {} });
    try {
      await fetch(`${mock.url}/api/svc/v1/mcp?token=QSECRET123`, {
        method: 'PUT',
        headers: { authorization: 'Bearer any', 'content-type': 'application/json' },
        body: JSON.stringify({ note: 'QSECRET123' }),
      });
      const requests = mock.requests();
      expect(requests.at(-1)).toMatchObject({ query: { token: '***' }, body: { note: '***' } });
    } finally {
      await mock.close();
    }
  });
});

describe("attack: a web page on another site reads the stateless mock's journal", () => {
  it('by default answers CORS to loopback pages only; the operations still answer every origin', async () => {
    const mock = await startMock({ onWarning: () => {} });
    try {
      const fromSite = await fetch(`${mock.url}/_mock/requests`, { headers: { origin: 'https://attacker.example' } });
      expect(fromSite.status).toBe(200);
      expect(fromSite.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${mock.url}/_mock/requests`, {
        method: 'OPTIONS',
        headers: { origin: 'https://attacker.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(403);
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost:5173']) {
        const fromLocal = await fetch(`${mock.url}/_mock/requests`, { headers: { origin } });
        expect(fromLocal.headers.get('access-control-allow-origin')).toBe(origin);
      }
      const operation = await fetch(`${mock.url}/api/svc/v1/teams/${TEAM_ID}`, { headers: { origin: 'https://attacker.example', authorization: 'Bearer any' } });
      expect(operation.headers.get('access-control-allow-origin')).toBe('https://attacker.example');
    } finally {
      await mock.close();
    }
  });

  it('with --cors-origin, exactly the origins listed', async () => {
    const mock = await startMock({ cors: { origins: ['https://app.example'] }, onWarning: () => {} });
    try {
      const listed = await fetch(`${mock.url}/_mock/requests`, { headers: { origin: 'https://app.example' } });
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example');
      const local = await fetch(`${mock.url}/_mock/requests`, { headers: { origin: 'http://localhost:5173' } });
      expect(local.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await mock.close();
    }
  });
});
