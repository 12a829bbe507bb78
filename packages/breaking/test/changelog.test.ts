// The changelog (packages/breaking/src/changelog.mjs over the gate's comparer): each typed edit of the fixture
// document yields exactly its expected entries, with their level and the line a partner reads; and the gate
// refuses to drop an operation that was not deprecated first.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildChangelog, changelogMarkdown, changelogText } from '../src/changelog.mjs';
import { evaluate } from '../src/gate.mjs';
import { baseDoc, type Doc } from './fixture';

type Level = 'breaking' | 'deprecation' | 'addition' | 'documentation';
/** [operationId, level, line]: one entry of the changelog. */
type Entry = [string, Level, string];
interface SpecEdit {
  name: string;
  edit: (doc: Doc) => void;
  entries: Entry[];
}

const schemas = (doc: Doc) => doc.components.schemas;
const listTeams = (doc: Doc) => doc.paths['/teams'].get;
const putTeam = (doc: Doc) => doc.paths['/teams'].put;
const getTeam = (doc: Doc) => doc.paths['/teams/{id}'].get;

const EDITS: SpecEdit[] = [
  {
    name: 'a new operation',
    edit: (doc) => {
      doc.paths['/teams/{id}'].delete = { operationId: 'deleteTeam', responses: { '204': { description: 'Deleted' } } };
    },
    entries: [['deleteTeam', 'addition', 'New operation DELETE /teams/{id} (deleteTeam).']],
  },
  {
    name: 'an operation deprecated with a sunset date',
    edit: (doc) => {
      Object.assign(getTeam(doc), { deprecated: true, 'x-sunset': '2027-06-30' });
    },
    entries: [['getTeam', 'deprecation', 'The operation is deprecated; it may be removed from 2027-06-30.']],
  },
  {
    name: 'the sunset date of a deprecated operation moved',
    edit: (doc) => {
      Object.assign(getTeam(doc), { deprecated: true, 'x-sunset': '2027-09-30' });
    },
    entries: [['getTeam', 'deprecation', 'The operation may be removed from 2027-09-30 (was 2027-06-30).']],
  },
  {
    name: 'a query parameter deprecated',
    edit: (doc) => {
      listTeams(doc).parameters[1].deprecated = true;
    },
    entries: [['listTeams', 'deprecation', 'Query parameter sort is deprecated.']],
  },
  {
    name: 'a response field deprecated with a sunset date (seen in every response that returns it)',
    edit: (doc) => {
      Object.assign(schemas(doc).Team.properties.size, { deprecated: true, 'x-sunset': '2027-01-31' });
    },
    entries: [
      ['listTeams', 'deprecation', 'Response 200, field `[].size`: deprecated; it may be removed from 2027-01-31.'],
      ['createOrUpdateTeam', 'deprecation', 'Response 200, field `size`: deprecated; it may be removed from 2027-01-31.'],
      ['getTeam', 'deprecation', 'Response 200, field `size`: deprecated; it may be removed from 2027-01-31.'],
    ],
  },
  {
    name: 'a new optional query parameter',
    edit: (doc) => {
      listTeams(doc).parameters.push({ name: 'cursor', in: 'query', schema: { type: 'string' } });
    },
    entries: [['listTeams', 'addition', 'New optional query parameter cursor.']],
  },
  {
    name: 'a new required query parameter',
    edit: (doc) => {
      listTeams(doc).parameters.push({ name: 'org', in: 'query', required: true, schema: { type: 'string' } });
    },
    entries: [['listTeams', 'breaking', 'New required query parameter org.']],
  },
  {
    name: 'a removed query parameter',
    edit: (doc) => {
      listTeams(doc).parameters.splice(1, 1);
    },
    entries: [['listTeams', 'breaking', 'Query parameter sort removed.']],
  },
  {
    name: 'a narrowed query limit',
    edit: (doc) => {
      listTeams(doc).parameters[0].schema.maximum = 10;
    },
    entries: [['listTeams', 'breaking', 'Query parameter `limit`: maximum 25 -> 10.']],
  },
  {
    name: 'a widened request limit',
    edit: (doc) => {
      schemas(doc).TeamInput.properties.name.maxLength = 80;
    },
    entries: [['createOrUpdateTeam', 'addition', 'Request body, field `name`: maxLength 50 -> 80: accepts more.']],
  },
  {
    name: 'a new enum value in a request',
    edit: (doc) => {
      schemas(doc).TeamInput.properties.kind.enum.push('org');
    },
    entries: [['createOrUpdateTeam', 'addition', 'Request body, field `kind`: new value "org".']],
  },
  {
    name: 'a removed enum value in a request',
    edit: (doc) => {
      schemas(doc).TeamInput.properties.kind.enum = ['team'];
    },
    entries: [['createOrUpdateTeam', 'breaking', 'Request body, field `kind`: enum value "group" removed.']],
  },
  {
    name: 'a new optional request field',
    edit: (doc) => {
      schemas(doc).TeamInput.properties.color = { type: 'string' };
    },
    entries: [['createOrUpdateTeam', 'addition', 'Request body: new optional field `color`.']],
  },
  {
    name: 'a new required request field',
    edit: (doc) => {
      schemas(doc).TeamInput.properties.owner = { type: 'string' };
      schemas(doc).TeamInput.required.push('owner');
    },
    entries: [['createOrUpdateTeam', 'breaking', 'Request body: field owner is now required (new field).']],
  },
  {
    name: 'a required request field made optional',
    edit: (doc) => {
      schemas(doc).TeamInput.required = [];
    },
    entries: [['createOrUpdateTeam', 'addition', 'Request body: field `name` is now optional.']],
  },
  {
    name: 'a new response field (seen in every response that returns it)',
    edit: (doc) => {
      schemas(doc).Team.properties.color = { type: 'string' };
    },
    entries: [
      ['listTeams', 'addition', 'Response 200, field `[]`: new field `color`.'],
      ['createOrUpdateTeam', 'addition', 'Response 200: new field `color`.'],
      ['getTeam', 'addition', 'Response 200: new field `color`.'],
    ],
  },
  {
    name: 'a response field that may now be null',
    edit: (doc) => {
      schemas(doc).Team.properties.name.type = ['string', 'null'];
    },
    entries: [
      ['listTeams', 'breaking', 'Response 200, field `[].name`: type string -> [string, null]: may now return null.'],
      ['createOrUpdateTeam', 'breaking', 'Response 200, field `name`: type string -> [string, null]: may now return null.'],
      ['getTeam', 'breaking', 'Response 200, field `name`: type string -> [string, null]: may now return null.'],
    ],
  },
  {
    name: 'a new documented response',
    edit: (doc) => {
      getTeam(doc).responses['429'] = { $ref: '#/components/responses/BadRequest' };
    },
    entries: [['getTeam', 'addition', 'New documented response 429.']],
  },
  {
    name: 'a removed success response',
    edit: (doc) => {
      getTeam(doc).responses['201'] = getTeam(doc).responses['200'];
      delete getTeam(doc).responses['200'];
    },
    entries: [
      ['getTeam', 'breaking', 'Success response 200 removed.'],
      ['getTeam', 'addition', 'New documented response 201.'],
    ],
  },
  {
    name: 'a new response header',
    edit: (doc) => {
      getTeam(doc).responses['200'].headers['Retry-After'] = { schema: { type: 'integer' } };
    },
    entries: [['getTeam', 'addition', 'New response header Retry-After.']],
  },
  {
    name: 'a removed response header',
    edit: (doc) => {
      delete getTeam(doc).responses['200'].headers['X-Rate-Limit'];
    },
    entries: [['getTeam', 'breaking', 'Response header X-Rate-Limit removed.']],
  },
  {
    name: 'a new variant of a request union',
    edit: (doc) => {
      schemas(doc).ServiceManifest = { type: 'object', required: ['type'], properties: { type: { const: 'service' } } };
      schemas(doc).TeamManifest.oneOf.push({ $ref: '#/components/schemas/ServiceManifest' });
    },
    entries: [
      ['listTeams', 'addition', 'Response 200, field `[].manifest`: new variant ServiceManifest.'],
      ['createOrUpdateTeam', 'addition', 'Request body, field `manifest`: new variant ServiceManifest.'],
      ['createOrUpdateTeam', 'addition', 'Response 200, field `manifest`: new variant ServiceManifest.'],
      ['getTeam', 'addition', 'Response 200, field `manifest`: new variant ServiceManifest.'],
    ],
  },
  {
    name: 'an operation summary and a field description reworded',
    edit: (doc) => {
      listTeams(doc).summary = 'List the teams you can see';
      schemas(doc).TeamInput.properties.description.description = 'Shown on the team page.';
    },
    entries: [
      ['listTeams', 'documentation', 'Summary of the operation changed.'],
      ['createOrUpdateTeam', 'documentation', 'Request body, field `description`: description changed.'],
    ],
  },
  {
    name: 'a new request example',
    edit: (doc) => {
      putTeam(doc).requestBody.content['application/json'].examples = { minimal: { value: { name: 'core' } } };
    },
    entries: [['createOrUpdateTeam', 'documentation', 'Examples of the request body changed.']],
  },
  {
    name: 'a changed operationId',
    edit: (doc) => {
      getTeam(doc).operationId = 'readTeam';
    },
    entries: [['readTeam', 'breaking', "OperationId getTeam -> readTeam (the client's method name)."]],
  },
];

/** The released side of an edit: the fixture, except where an edit is about an earlier deprecation. */
function released(edit: SpecEdit): Doc {
  const doc = baseDoc();
  if (edit.name.startsWith('the sunset date')) Object.assign(getTeam(doc), { deprecated: true, 'x-sunset': '2027-06-30' });
  return doc;
}

function entriesOf(before: Doc, after: Doc): Entry[] {
  const changelog = buildChangelog(before, after);
  return changelog.operations.flatMap((operation: any) =>
    operation.entries.map((entry: any) => [operation.operationId, entry.level, entry.line] as Entry),
  );
}

describe('changelog: each typed spec edit yields its entries', () => {
  test('the suite has at least 20 edits and covers every level', () => {
    expect(EDITS.length).toBeGreaterThanOrEqual(20);
    const levels = new Set(EDITS.flatMap((edit) => edit.entries.map(([, level]) => level)));
    expect([...levels].sort()).toEqual(['addition', 'breaking', 'deprecation', 'documentation']);
  });

  test.each(EDITS.map((edit) => [edit.name, edit] as const))('%s', (_name, edit) => {
    const before = released(edit);
    const after = released(edit);
    edit.edit(after);
    expect(entriesOf(before, after)).toEqual(edit.entries);
  });

  test('no edit, no entries', () => {
    expect(entriesOf(baseDoc(), baseDoc())).toEqual([]);
  });

  test('text and Markdown group by operation, breaking first', () => {
    const after = baseDoc();
    schemas(after).TeamInput.properties.kind.enum = ['team'];
    schemas(after).TeamInput.properties.color = { type: 'string' };
    putTeam(after).deprecated = true;
    const changelog = buildChangelog(baseDoc(), after);
    const text = changelogText(changelog);
    expect(text).toContain('Changes from 0.1.0 to 0.1.0: 1 breaking, 1 deprecation, 1 addition, 0 documentation');
    expect(text).toContain(
      [
        'PUT /teams (createOrUpdateTeam) [deprecated]',
        '  [breaking]      Request body, field `kind`: enum value "group" removed.',
        '  [deprecation]   The operation is deprecated.',
        '  [addition]      Request body: new optional field `color`.',
      ].join('\n'),
    );
    const markdown = changelogMarkdown(changelog);
    expect(markdown).toContain('## `PUT /teams` (`createOrUpdateTeam`) **Deprecated**.');
    expect(markdown).toContain('- **breaking**: Request body, field `kind`: enum value "group" removed.');
  });

  test('a break listed as an acknowledged correction says so', () => {
    const after = baseDoc();
    schemas(after).TeamInput.properties.kind.enum = ['team'];
    const path = "$.paths['/teams'].put.requestBody.content['application/json'].schema.properties.kind.enum";
    const acknowledged = [{ path, kind: 'removed-enum-value', change: 'enum value "group" removed', since: '0.1.0', reason: 'never accepted' }];
    const changelog = buildChangelog(baseDoc(), after, acknowledged);
    expect(changelog.operations[0].entries[0]).toMatchObject({ level: 'breaking', correction: true });
    expect(changelogText(changelog)).toContain('(correction of 0.1.0: the service always answered so)');
  });
});

describe('the gate and removed operations', () => {
  function withoutGetTeam(version: string, deprecatedBefore: boolean) {
    const before = baseDoc();
    if (deprecatedBefore) Object.assign(getTeam(before), { deprecated: true, 'x-sunset': '2027-01-31' });
    const after = baseDoc();
    after.info.version = version;
    delete after.paths['/teams/{id}'].get;
    return { before, after };
  }

  test('removing an operation that was not deprecated fails even with a breaking bump', () => {
    const { before, after } = withoutGetTeam('0.2.0', false);
    const result = evaluate(before, after);
    expect(result.ok).toBe(false);
    expect(result.report.join('\n')).toContain('removed without being deprecated in 0.1.0 first (GET /teams/{id} (getTeam))');
  });

  test('removing a deprecated operation passes with a breaking bump', () => {
    const { before, after } = withoutGetTeam('0.2.0', true);
    const result = evaluate(before, after);
    expect(result.report.join('\n')).toContain('Allowed: info.version 0.2.0 is a minor bump over 0.1.0.');
    expect(result.ok).toBe(true);
  });

  test('removing a deprecated operation still needs the bump', () => {
    const { before, after } = withoutGetTeam('0.1.1', true);
    expect(evaluate(before, after).ok).toBe(false);
  });
});

describe('npm run changelog', () => {
  const repoRoot = path.resolve(__dirname, '../../..');
  const run = promisify(execFile);

  test('lists the released baseline against the current spec, grouped by operation', async () => {
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'scripts/changelog.mjs')], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
    expect(stdout).toMatch(/^Changes from 0\.1\.0 to \d+\.\d+\.\d+: \d+ breaking, \d+ deprecations?, \d+ additions?, \d+ documentation\n/);
    expect(stdout).toMatch(/\n\n(GET|PUT|POST|DELETE) \/\S+ \(\w+\)\n  \[(breaking|deprecation|addition|documentation)\]/);
  }, 60_000);

  test('bad input is one line naming the option', async () => {
    const failure = await run(process.execPath, [path.join(repoRoot, 'scripts/changelog.mjs'), '--format', 'html'], { cwd: repoRoot }).catch((error) => error);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toBe('changelog: --format must be one of text, markdown, json (got "html")\n');
  }, 60_000);
});
