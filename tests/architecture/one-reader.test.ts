// The contract has one reader, @vendor/spec-model (docs/ARCHITECTURE.md, "The data's way"). This guard fails when
// a file outside it (tests included) decodes a JSON pointer, follows a `$ref`, keeps its own list of HTTP methods
// or decides which documented response answers a status, naming the file, the line and the rule.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { offencesIn, READER_RULES, type Offence, type ReaderRule } from './lib/reader-rules';
import { sourceFiles } from './lib/source-files';

const repoRoot = path.resolve(__dirname, '../..');

/** Not scanned: the one reader itself, and this guard, whose samples are the patterns it looks for. */
const NOT_SCANNED = ['packages/spec-model', 'tests/architecture'];

/** Files with a reason to match a rule; each entry must still match (a stale entry fails). */
const ALLOWED: ReadonlyArray<{ file: string; rule: ReaderRule['id']; reason: string }> = [
  {
    file: 'tests/conformance/manifest.test.ts',
    rule: 'http-methods',
    reason: "the MCP tool setting's `method` enum: values the service accepts in a manifest, not the methods of a path item",
  },
];

const isAllowed = (offence: Offence) => ALLOWED.some((entry) => entry.file === offence.file && entry.rule === offence.rule);
const sayOf = (id: ReaderRule['id']) => READER_RULES.find((rule) => rule.id === id)!.says;
const describeOffence = (offence: Offence) => `${offence.file}:${offence.line} ${sayOf(offence.rule)}: ${offence.text}`;

function repositoryOffences(): Offence[] {
  return sourceFiles(repoRoot, NOT_SCANNED).flatMap((file) => offencesIn(file, readFileSync(path.join(repoRoot, file), 'utf8')));
}

describe('the spec model is the only reader of the contract', () => {
  const offences = repositoryOffences();

  test('no other file decodes pointers, follows $refs, lists HTTP methods or matches statuses to responses', () => {
    expect(offences.filter((offence) => !isAllowed(offence)).map(describeOffence)).toEqual([]);
  });

  test('every allowed exception is still needed', () => {
    const stale = ALLOWED.filter((entry) => !offences.some((offence) => offence.file === entry.file && offence.rule === entry.rule));
    expect(stale).toEqual([]);
  });
});

/** The rule ids a sample trips. */
const rulesOf = (sample: string) => [...new Set(offencesIn('sample.ts', sample).map((offence) => offence.rule))];

describe('the guard catches each pattern (so it can fail)', () => {
  test.each([
    ['decodes-pointer', "return token.replace(/~1/g, '/').replace(/~0/g, '~');"],
    ['decodes-pointer', "const name = text.replaceAll('~1', '/');"],
    ['decodes-pointer', 'const tokens = pointer.split(/~[01]/);'],
    ['decodes-pointer', "const segments = ref.slice(2).split('/');"],
    ['decodes-pointer', "if (typeof variant.$ref === 'string') return variant.$ref.split('/').pop();"],
    ['resolves-ref', 'const target = getAtPointer(doc, ref);'],
    ['resolves-ref', 'const target = getAtPointer(document, node.$ref as string);'],
    ['resolves-ref', 'const tokens = decodePointer(schema.$ref);'],
    ['resolves-ref', "while (current && typeof current.$ref === 'string') {"],
    ['resolves-ref', "if (!ref.startsWith('#/')) throw new Error('external');"],
    ['http-methods', "const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];"],
    ['http-methods', "for (const method of ['GET', 'POST', 'DELETE']) route(method);"],
    ['http-methods', "const methods = [\n  'get',\n  'put',\n  'post',\n];"],
    ['response-for-status', 'const range = `${String(status)[0]}XX`;'],
    ['response-for-status', "const key = status[0] + 'XX';"],
    ['response-for-status', "const fallback = responses.find((r) => r.status.toUpperCase() === '2XX');"],
    ['response-for-status', "const range = keys.find((key) => /^[1-5]XX$/.test(key));"],
    ['response-for-status', 'const isRange = /^\\dxx$/i.test(status);'],
  ])('%s: %s', (rule, sample) => {
    expect(rulesOf(sample)).toEqual([rule]);
  });

  test('reports the file, the line and the rule', () => {
    const source = "import x from 'y';\n\nconst range = `${code}XX`;\n";
    expect(offencesIn('packages/mock/src/x.ts', source)).toEqual([
      { file: 'packages/mock/src/x.ts', line: 3, rule: 'response-for-status', text: 'const range = `${code}XX`;' },
    ]);
  });
});

describe('the guard leaves ordinary code alone', () => {
  test.each([
    ['a $ref in a fixture', "const fixture = { schema: { $ref: '#/components/schemas/Team' } };"],
    ['a $ref built from a variable', 'expect(() => resolveRef(document, { $ref: ref })).toThrow();'],
    ['a pointer written as text', "expect(marker.pointer).toBe('#/paths/~1teams~1{id}/get/responses/404');"],
    ['a pointer built with the model', "const pointer = childPointer('#/paths', path, 'get');"],
    ['escaping a token (writing a pointer)', "return String(token).replace(/~/g, '~0').replace(/\\//g, '~1');"],
    ['reading a pointer with the model', 'const schema = getAtPointer(doc, schemaPointer);'],
    ['a ref rewritten for a validator', "out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${ID}${v}` : v;"],
    ["a route's own methods", "const JOURNAL_METHODS = ['GET', 'DELETE'];"],
    ['methods in a regular expression', 'expect(line).toMatch(/^(GET|PUT|POST|DELETE) \\/\\S*/);'],
    ['methods as fields of rows', "const rows = [\n  { method: 'get', path: '/a' },\n  { method: 'put', path: '/b' },\n  { method: 'post', path: '/c' },\n];"],
    ['a documented status range in a type', "type OkStatus = 200 | 201 | '2XX';"],
    ["vitest's default reporter", "reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],"],
    ['the default response listed as an error', "const errors = codes.filter((c) => /^[45]/.test(c) || c === 'default');"],
  ])('%s', (_name, sample) => {
    expect(rulesOf(sample)).toEqual([]);
  });
});
