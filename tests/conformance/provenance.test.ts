// `npm run provenance` (scripts/provenance.mjs): counts marks per kind, lists every assumption with its
// JSON pointer and note, and fails on a mark it does not know.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { collectProvenance, formatReport } from '../../scripts/provenance.mjs';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../..');
const script = path.join(repoRoot, 'scripts/provenance.mjs');

type Doc = Record<string, any>;

function fixture(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '0.1.0' },
    paths: {
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'The pet.',
              'x-provenance': 'assumption',
              'x-provenance-note': 'Success status chosen as 200, like the other reads.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            name: { type: ['string', 'null'], 'x-provenance': 'service' },
            color: { type: 'string', 'x-provenance': 'service', 'x-provenance-note': 'Sent by the service on every read.' },
            size: { type: 'integer', 'x-provenance': 'assumption' },
          },
        },
      },
    },
  };
}

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { cwd: repoRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error: any) {
    return { code: error.code as number, output: `${error.stdout}${error.stderr}` };
  }
}

describe('collectProvenance', () => {
  test('counts marks per kind and keeps each pointer and note', () => {
    const { counts, marks, problems } = collectProvenance(fixture());
    expect(counts).toEqual({ service: 2, assumption: 2 });
    expect(problems).toEqual([]);
    expect(marks.filter((m: any) => m.kind === 'assumption')).toEqual([
      { pointer: '#/paths/~1pets~1{id}/get/responses/200', kind: 'assumption', note: 'Success status chosen as 200, like the other reads.' },
      { pointer: '#/components/schemas/Pet/properties/size', kind: 'assumption' },
    ]);
  });

  test('the report lists every assumption with its pointer and note', () => {
    const lines: string[] = formatReport(collectProvenance(fixture()));
    expect(lines[0]).toBe('provenance: 2 service, 2 assumption (unmarked elements follow the API description)');
    expect(lines).toContain('  #/paths/~1pets~1{id}/get/responses/200');
    expect(lines).toContain('      Success status chosen as 200, like the other reads.');
    expect(lines).toContain('  #/components/schemas/Pet/properties/size');
    expect(lines).toContain('      (no note)');
    expect(lines.join('\n')).not.toContain('color');
  });

  test.each([
    ['an unknown kind', (d: Doc) => (d.components.schemas.Pet.properties.id['x-provenance'] = 'seed'), '#/components/schemas/Pet/properties/id: x-provenance is "seed"; it must be one of service, assumption'],
    ['a note without a mark', (d: Doc) => (d.components.schemas.Pet.properties.id['x-provenance-note'] = 'Why.'), '#/components/schemas/Pet/properties/id: x-provenance-note without x-provenance'],
    ['an empty note', (d: Doc) => (d.components.schemas.Pet.properties.size['x-provenance-note'] = ' '), '#/components/schemas/Pet/properties/size: x-provenance-note must be a non-empty string'],
  ])('reports %s with its pointer', (_name, change, message) => {
    const document = fixture();
    change(document);
    const { problems } = collectProvenance(document);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
});

describe('node scripts/provenance.mjs', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'provenance-'));
    const good = fixture();
    const bad = fixture();
    bad.components.schemas.Pet.properties.id['x-provenance'] = 'deployed';
    await writeFile(path.join(dir, 'good.json'), JSON.stringify(good));
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify(bad));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('prints counts and assumptions and exits 0 on valid marks', async () => {
    const { code, output } = await cli(['--spec', path.join(dir, 'good.json')]);
    expect(code, output).toBe(0);
    expect(output).toContain('provenance: 2 service, 2 assumption');
    expect(output).toContain('Assumptions (2):');
  }, 60_000);

  test('exits 1 on an invalid mark, naming where it is', async () => {
    const { code, output } = await cli(['--spec', path.join(dir, 'bad.json')]);
    expect(code).toBe(1);
    expect(output).toContain('#/components/schemas/Pet/properties/id: x-provenance is "deployed"');
  }, 60_000);

  test('exits 2 when the document cannot be read', async () => {
    const { code, output } = await cli(['--spec', path.join(dir, 'missing.yaml')]);
    expect(code).toBe(2);
    expect(output).toMatch(/^provenance: /m);
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 60_000);

  test('the spec’s own marks are valid', async () => {
    const { code, output } = await cli([]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/provenance: \d+ service, \d+ assumption/);
  }, 60_000);
});
