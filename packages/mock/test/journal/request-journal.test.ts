import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, createRequestJournal, redactBody, redactHeaders, type JournalEntry } from '../../src/journal/request-journal.js';

const TOKEN = 'tok_live_9f8e7d6c5b4a';
const PASSWORD = 'correct-horse-battery';

/** An entry whose path tells which request it was. */
function entry(path: string, overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    time: '2026-01-02T03:04:05.000Z',
    operationId: 'getTeam',
    method: 'GET',
    path,
    query: {},
    headers: {},
    body: null,
    status: 200,
    durationMs: 1,
    violations: [],
    ...overrides,
  };
}

const pathsOf = (entries: JournalEntry[]) => entries.map((e) => e.path);

describe('request journal: bound, order and scopes', () => {
  it('keeps the last `size` requests, newest last, dropping the oldest', () => {
    const journal = createRequestJournal({ size: 3 });
    journal.record(entry('/1'));
    journal.record(entry('/2'));
    expect(pathsOf(journal.list())).toEqual(['/1', '/2']);
    for (const n of [3, 4, 5, 6, 7]) journal.record(entry(`/${n}`));
    expect(pathsOf(journal.list())).toEqual(['/5', '/6', '/7']);
  });

  it('defaults to 1,000 entries', () => {
    const journal = createRequestJournal();
    for (let n = 1; n <= 1005; n++) journal.record(entry(`/${n}`));
    const entries = journal.list();
    expect(entries).toHaveLength(1000);
    expect(entries[0]!.path).toBe('/6');
    expect(entries.at(-1)!.path).toBe('/1005');
  });

  it('list returns a new array each time, so a caller cannot change the journal', () => {
    const journal = createRequestJournal({ size: 3 });
    journal.record(entry('/1'));
    journal.list().push(entry('/intruder'));
    expect(pathsOf(journal.list())).toEqual(['/1']);
  });

  it('shows each scope only its own requests, and the unscoped journal only unscoped ones', () => {
    const journal = createRequestJournal({ size: 5 });
    journal.record(entry('/a1'), 'tenant-a');
    journal.record(entry('/b1'), 'tenant-b');
    journal.record(entry('/none'));
    journal.record(entry('/a2'), 'tenant-a');
    expect(pathsOf(journal.list('tenant-a'))).toEqual(['/a1', '/a2']);
    expect(pathsOf(journal.list('tenant-b'))).toEqual(['/b1']);
    expect(pathsOf(journal.list())).toEqual(['/none']);
    expect(journal.list('tenant-c')).toEqual([]);
  });

  it('bounds each scope on its own: a busy tenant does not push out another tenant`s requests', () => {
    const journal = createRequestJournal({ size: 2 });
    journal.record(entry('/b1'), 'tenant-b');
    for (let n = 1; n <= 10; n++) journal.record(entry(`/a${n}`), 'tenant-a');
    expect(pathsOf(journal.list('tenant-a'))).toEqual(['/a9', '/a10']);
    expect(pathsOf(journal.list('tenant-b'))).toEqual(['/b1']);
  });

  it('keeps at most maxScopes scopes, dropping the least recently used (recording or listing counts as use)', () => {
    const journal = createRequestJournal({ size: 2, maxScopes: 2 });
    journal.record(entry('/a'), 'tenant-a');
    journal.record(entry('/b'), 'tenant-b');
    journal.list('tenant-a');
    journal.record(entry('/c'), 'tenant-c');
    expect(journal.list('tenant-b')).toEqual([]);
    expect(pathsOf(journal.list('tenant-a'))).toEqual(['/a']);
    expect(pathsOf(journal.list('tenant-c'))).toEqual(['/c']);
  });

  it('listing a scope that has no entries does not take a place among the kept scopes', () => {
    const journal = createRequestJournal({ size: 2, maxScopes: 2 });
    journal.record(entry('/a'), 'tenant-a');
    journal.record(entry('/b'), 'tenant-b');
    journal.list('tenant-unknown');
    expect(pathsOf(journal.list('tenant-a'))).toEqual(['/a']);
    expect(pathsOf(journal.list('tenant-b'))).toEqual(['/b']);
  });

  it('clear forgets one scope only; without a scope, only the unscoped entries', () => {
    const journal = createRequestJournal({ size: 5 });
    journal.record(entry('/a'), 'tenant-a');
    journal.record(entry('/b'), 'tenant-b');
    journal.record(entry('/none'));
    journal.clear('tenant-a');
    expect(journal.list('tenant-a')).toEqual([]);
    expect(pathsOf(journal.list('tenant-b'))).toEqual(['/b']);
    expect(pathsOf(journal.list())).toEqual(['/none']);
    journal.clear();
    expect(journal.list()).toEqual([]);
    expect(pathsOf(journal.list('tenant-b'))).toEqual(['/b']);
    journal.record(entry('/a-again'), 'tenant-a');
    expect(pathsOf(journal.list('tenant-a'))).toEqual(['/a-again']);
  });

  it('refuses a size or scope limit that is not a positive integer', () => {
    expect(() => createRequestJournal({ size: 0 })).toThrow(RangeError);
    expect(() => createRequestJournal({ size: 2.5 })).toThrow(/size must be a positive integer/);
    expect(() => createRequestJournal({ maxScopes: -1 })).toThrow(/maxScopes must be a positive integer/);
  });
});

describe('redactHeaders', () => {
  it('shows a bearer token as `Bearer ***` and any other authorization as `***`', () => {
    expect(redactHeaders({ authorization: `Bearer ${TOKEN}` })).toEqual({ authorization: 'Bearer ***' });
    expect(redactHeaders({ Authorization: `bearer ${TOKEN}` })).toEqual({ authorization: 'Bearer ***' });
    expect(redactHeaders({ authorization: 'Basic dXNlcjpwYXNz' })).toEqual({ authorization: '***' });
    expect(redactHeaders({ authorization: `${TOKEN}` })).toEqual({ authorization: '***' });
  });

  it('masks cookie, proxy-authorization, x-api-key and names the secret rule matches; keeps the rest', () => {
    const redacted = redactHeaders({
      cookie: 'session=s3ss10n',
      'proxy-authorization': `Bearer ${TOKEN}`,
      'x-api-key': 'k-123456',
      'X-Auth-Token': 'at-123456',
      'x-client-secret': 'cs-123456',
      'content-type': 'application/json',
      'x-request-id': 'req-1',
    });
    expect(redacted).toEqual({
      cookie: '***',
      'proxy-authorization': '***',
      'x-api-key': '***',
      'x-auth-token': '***',
      'x-client-secret': '***',
      'content-type': 'application/json',
      'x-request-id': 'req-1',
    });
  });

  it('joins list values with ", " (before masking), and leaves out absent ones', () => {
    const redacted = redactHeaders({ accept: ['application/json', 'text/plain'], cookie: ['a=1', 'b=2'], 'x-none': undefined });
    expect(redacted).toEqual({ accept: 'application/json, text/plain', cookie: '***' });
  });
});

describe('redactBody', () => {
  it('masks everything below a secret key, however deep, and keeps ordinary fields', () => {
    const body = { manifest: { password: 'p4ss', env: { A: 'x' } }, name: 'keep' };
    expect(redactBody(body)).toEqual({ manifest: { password: '***', env: { A: '***' } }, name: 'keep' });
    expect(body).toEqual({ manifest: { password: 'p4ss', env: { A: 'x' } }, name: 'keep' });
  });

  it('masks inside arrays below a secret key (the secret`s name too, as the client does), not ordinary arrays', () => {
    const body = {
      name: 'db',
      secrets: [{ key: 'DB_PASSWORD', value: 's3cr3t-value' }],
      tags: ['prod', 'eu'],
      manifest: { additional_headers: [{ name: 'x-key', v: 'h-123456' }] },
    };
    expect(redactBody(body)).toEqual({
      name: 'db',
      secrets: [{ key: '***', value: '***' }],
      tags: ['prod', 'eu'],
      manifest: { additional_headers: [{ name: '***', v: '***' }] },
    });
    expect(redactBody([{ newPassword: 'n3w-pass' }, 'plain'])).toEqual([{ newPassword: '***' }, 'plain']);
  });

  it('masks numbers and booleans below a secret key; keeps null and "", which hide nothing', () => {
    const body = { pin_secret: 123456, auth_data: { enabled: true, retries: 3, realm: null }, token: null, password: '' };
    expect(redactBody(body)).toEqual({ pin_secret: '***', auth_data: { enabled: '***', retries: '***', realm: null }, token: null, password: '' });
  });

  it('uses the shared rule: exact names (env, value, ca_cert) only when whole, patterns anywhere in the key', () => {
    const body = { env: { A: '1' }, environment: 'prod', value: 'v-123456', values: ['ok'], ca_cert: 'PEM', oldPassword: 'o1d-pass' };
    expect(redactBody(body)).toEqual({ env: { A: '***' }, environment: 'prod', value: '***', values: ['ok'], ca_cert: '***', oldPassword: '***' });
  });

  it('masks a secret wherever else it appears, in values and keys; short secrets only as whole strings', () => {
    const body = {
      newPassword: PASSWORD,
      note: `my new one is ${PASSWORD}!`,
      byValue: { [PASSWORD]: 1 },
      client_secret: 'ab',
      label: 'cab',
      other: 'ab',
    };
    expect(redactBody(body)).toEqual({
      newPassword: '***',
      note: 'my new one is ***!',
      byValue: { '***': 1 },
      client_secret: '***',
      label: 'cab',
      other: '***',
    });
  });

  it('keeps a key named __proto__ as a plain key of the copy', () => {
    const body = JSON.parse('{"__proto__": {"password": "pp-123456"}, "name": "n"}');
    const redacted = redactBody(body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.keys(redacted)).toEqual(['__proto__', 'name']);
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"password":"***"},"name":"n"}');
  });

  it('returns text bodies, null and plain values unchanged', () => {
    expect(redactBody('not json')).toBe('not json');
    expect(redactBody(null)).toBeNull();
    expect(redactBody(42)).toBe(42);
  });
});

describe('request journal: no secret reaches the list', () => {
  /** What the mock does on reading a raw request: headers and body through the redaction. */
  const redacted = (raw: JournalEntry): JournalEntry => ({ ...raw, headers: redactHeaders(raw.headers), body: redactBody(raw.body) });

  it('a request redacted with redactHeaders and redactBody shows no token, password or env value', () => {
    const journal = createRequestJournal({ size: 10 });
    const raw = entry('/api/svc/v1/secret-groups', {
      method: 'POST',
      operationId: 'createSecretGroup',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: {
        name: 'db',
        integrationId: 'int-1',
        secrets: [{ key: 'DB_PASSWORD', value: PASSWORD }],
        manifest: { env: { API_TOKEN: 'env-secret-value' } },
        description: `rotated from ${PASSWORD}`,
      },
    });
    journal.record(redacted(raw), 'tenant-a');
    journal.record(redacted(entry('/api/svc/v1/teams/me', { headers: { authorization: `Bearer ${TOKEN}` } })));

    const text = JSON.stringify([journal.list('tenant-a'), journal.list()]);
    for (const secret of [TOKEN, PASSWORD, 'env-secret-value']) expect(text).not.toContain(secret);
    const [recorded] = journal.list('tenant-a');
    expect(recorded!.headers).toEqual({ authorization: 'Bearer ***', 'content-type': 'application/json' });
    expect(recorded!.body).toMatchObject({ name: 'db', integrationId: 'int-1', description: 'rotated from ***' });
    expect(raw.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('keeps whatever it is given, as given, so the mock can store raw requests and redact them when read', () => {
    const journal = createRequestJournal<{ target: string }>({ size: 2 });
    const first = { target: '/a?x=1' };
    journal.record(first, 'tenant-a');
    expect(journal.list('tenant-a')[0]).toBe(first);
  });
});

describe('journal module', () => {
  it('uses no Node built-in (it runs in browsers and workerd too)', () => {
    const folder = new URL('../../src/journal/', import.meta.url);
    const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
    expect(files).toEqual(expect.arrayContaining(['request-journal.ts', 'redaction.ts']));
    for (const name of files) {
      const source = readFileSync(new URL(name, folder), 'utf8');
      expect(source, name).not.toMatch(/from ['"](node:|fs|path|crypto|buffer|util)['"/]|\bBuffer\b|\bprocess\./);
    }
  });
});

describe('request journal: bounded in bytes', () => {
  const weigh = (e: JournalEntry) => Number(e.path.split('/')[2] ?? 0);

  it('a scope past its byte budget drops its own oldest entries, never another scope\'s', () => {
    const journal = createRequestJournal({ size: 100, maxScopeBytes: 100, weigh });
    journal.record(entry('/a/10'), 'quiet');
    for (let n = 1; n <= 5; n++) journal.record(entry(`/${n}/40`), 'loud');
    expect(pathsOf(journal.list('loud'))).toEqual(['/4/40', '/5/40']);
    expect(journal.bytes('loud')).toBe(80);
    expect(pathsOf(journal.list('quiet'))).toEqual(['/a/10']);
  });

  it('past the total budget the least recently used scope gives up its oldest first; the newest entry always stays', () => {
    const journal = createRequestJournal({ size: 100, maxScopeBytes: 1000, maxTotalBytes: 100, weigh });
    journal.record(entry('/old/30'), 'idle');
    journal.record(entry('/older/30'), 'idle');
    journal.record(entry('/1/30'), 'busy');
    journal.record(entry('/2/30'), 'busy');
    expect(pathsOf(journal.list('idle'))).toEqual(['/older/30']);
    expect(journal.bytes(ALL_SCOPES)).toBe(90);
    journal.record(entry('/huge/500'), 'busy');
    expect(pathsOf(journal.list('busy'))).toEqual(['/huge/500']);
    expect(journal.list('idle')).toEqual([]);
    expect(journal.bytes(ALL_SCOPES)).toBe(500);
  });

  it('clear gives a scope\'s bytes back', () => {
    const journal = createRequestJournal({ size: 10, maxTotalBytes: 100, weigh });
    journal.record(entry('/1/60'), 'a');
    journal.clear('a');
    expect(journal.bytes(ALL_SCOPES)).toBe(0);
    journal.record(entry('/2/60'), 'b');
    expect(pathsOf(journal.list('b'))).toEqual(['/2/60']);
  });
});
