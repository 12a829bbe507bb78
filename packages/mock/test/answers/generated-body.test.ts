// Generated bodies (src/answers/generated-body.ts) on the real bundle: every operation's success body is
// valid for its schema, the same seed makes the same bytes (in this process, in others, in another time
// zone, and from the browser build of the module), and the seed changes what is made.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { createBodyGenerator } from '../../src/answers/generated-body.js';
import { readOperations, type MockOperation, type MockResponse } from '../../src/spec/operation-table.js';
import { loadSchemaValidators } from '../../src/validation/runtime-validators.js';
import { responseKey } from '../../src/validation/validator-keys.js';
import { loadBundle, loadModel, schemaValidator } from '../helpers/spec.js';

const doc = loadBundle();
const operations = readOperations(loadModel(doc));
const validators = await loadSchemaValidators(doc, operations);
const generateBody = createBodyGenerator(doc);

const SEEDS = ['1', '2', 'seed', 'another seed', 'ünïcode ☃ seed'];

interface Generated {
  op: MockOperation;
  response: MockResponse & { schemaPointer: string };
}

/** Every operation whose success response has a JSON schema: the bodies the mock generates. */
function withGeneratedBodies(): Generated[] {
  const out: Generated[] = [];
  for (const op of operations) {
    const response = op.successResponse;
    if (response?.schemaPointer !== undefined) out.push({ op, response: response as Generated['response'] });
  }
  return out;
}

const generated = withGeneratedBodies();

/** Every body for every seed, as one JSON text: what the other processes must print byte for byte. */
function allBodiesText(generate: typeof generateBody): string {
  const bodies = generated.map(({ response }) => SEEDS.map((seed) => generate(response.schemaPointer, seed)));
  return JSON.stringify(bodies);
}

describe('generated bodies', () => {
  it('exist for the operations of the bundle', () => {
    expect(generated.length).toBeGreaterThan(10);
  });

  it.each(generated.map((g) => [g.op.operationId, g.response.status, g] as const))(
    '%s %s: the body for each of 5 seeds is valid for the response schema',
    (_id, status, { op, response }) => {
      const validate = validators.get(responseKey(op, status));
      expect(validate, `no validator for ${responseKey(op, status)}`).toBeDefined();
      for (const seed of SEEDS) {
        const body = generateBody(response.schemaPointer, seed);
        const valid = validate!(body);
        expect(valid, `seed ${seed}: ${JSON.stringify(validate!.errors)}\n${JSON.stringify(body)}`).toBe(true);
      }
    },
  );

  it('are the same for the same seed, whatever was generated in between', () => {
    for (const { response } of generated) {
      for (const seed of SEEDS) {
        const first = generateBody(response.schemaPointer, seed);
        generateBody(response.schemaPointer, `${seed} in between`);
        const again = generateBody(response.schemaPointer, seed);
        expect(again).toEqual(first);
        expect(JSON.stringify(again)).toBe(JSON.stringify(first));
      }
    }
  });

  it('are the same from a second generator on a copy of the document (it does not change the document)', () => {
    const before = JSON.stringify(doc);
    const other = createBodyGenerator(structuredClone(doc));
    expect(allBodiesText(other)).toBe(allBodiesText(generateBody));
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('differ between seeds', () => {
    const differing = generated.filter(({ response }) => {
      const texts = SEEDS.map((seed) => JSON.stringify(generateBody(response.schemaPointer, seed)));
      return new Set(texts).size > 1;
    });
    expect(differing.length).toBeGreaterThan(0);
  });

  it('have their object keys sorted', () => {
    const unsorted: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${where}[${i}]`));
      if (value === null || typeof value !== 'object') return;
      const keys = Object.keys(value);
      if (keys.join() !== [...keys].sort().join()) unsorted.push(`${where}: ${keys.join(', ')}`);
      for (const key of keys) visit((value as Record<string, unknown>)[key], `${where}.${key}`);
    };
    for (const { op, response } of generated) visit(generateBody(response.schemaPointer, 'sorted'), op.operationId);
    expect(unsorted).toEqual([]);
  });

  it('throw for a pointer that names no schema', () => {
    expect(() => generateBody('#/components/schemas/NoSuchSchema', '1')).toThrow(/No schema at/);
  });

  it('come from schemas without what JSF makes with Math.random or keeps from call to call', () => {
    // A `not`, a fractional multipleOf, autoIncrement and sequentialDate would make bodies differ for one seed.
    expect(unreproducibleKeywords(doc)).toEqual([]);
  });
});

describe('generated bodies on a small spec', () => {
  const small = {
    openapi: '3.1.0',
    info: { title: 'small', version: '1' },
    paths: {},
    components: {
      schemas: {
        Account: {
          type: 'object',
          required: ['id', 'password', 'key'],
          properties: { id: { type: 'string' }, password: { type: 'string', writeOnly: true }, key: { $ref: '#/components/schemas/Key' } },
        },
        Key: { type: 'string', writeOnly: true },
        Tree: {
          type: 'object',
          required: ['name', 'children'],
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
            parent: { anyOf: [{ $ref: '#/components/schemas/Tree' }, { type: 'null' }] },
          },
        },
        Loop: { type: 'object', required: ['next'], properties: { next: { $ref: '#/components/schemas/Loop' } } },
        Kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'string' }] },
        MaybeKind: { type: 'object', properties: { kind: { anyOf: [{ $ref: '#/components/schemas/Kind' }, { type: 'null' }] } } },
        WithKind: {
          allOf: [{ type: 'object', properties: { kind: { $ref: '#/components/schemas/Kind' } } }, { $ref: '#/components/schemas/MaybeKind' }],
          required: ['kind'],
        },
      },
    },
  };
  const generate = createBodyGenerator(small);
  const validate = schemaValidator(loadModel(small));
  const manySeeds = Array.from({ length: 20 }, (_, i) => `seed ${i}`);

  it('leave writeOnly properties out, inline or behind a $ref, and no longer require them', () => {
    for (const seed of manySeeds) {
      const body = generate('#/components/schemas/Account', seed);
      expect(Object.keys(body as object).filter((key) => key === 'password' || key === 'key')).toEqual([]);
      expect(body).toHaveProperty('id');
    }
  });

  it('cut a $ref back into its own schema: the array holding it stays empty, the anyOf takes another branch', () => {
    for (const seed of manySeeds) {
      const body = generate('#/components/schemas/Tree', seed) as { children: unknown; parent: unknown };
      expect(validate('#/components/schemas/Tree')(body), JSON.stringify(body)).toBe(true);
      expect([body.children, body.parent]).toEqual([[], null]);
    }
  });

  it('refuse a schema that requires itself (no finite body)', () => {
    expect(() => generate('#/components/schemas/Loop', '1')).toThrow(/no finite instance/);
  });

  it('keep an allOf part from making null what another part requires to be a string', () => {
    for (const seed of manySeeds) {
      const body = generate('#/components/schemas/WithKind', seed);
      expect(validate('#/components/schemas/WithKind')(body), JSON.stringify(body)).toBe(true);
    }
  });
});

describe('generated bodies in other processes', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('are byte-identical in two node processes in different time zones, running the browser build', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'generated-body-'));
    const script = await browserBuildPrintingAllBodies(dir);
    const run = (timeZone: string) =>
      spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, TZ: timeZone }, maxBuffer: 64 * 1024 * 1024 });
    const first = run('UTC');
    const second = run('Pacific/Kiritimati');
    expect(first.status, first.stderr).toBe(0);
    expect(second.status, second.stderr).toBe(0);
    expect(first.stdout.length).toBeGreaterThan(1000);
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).toBe(`${allBodiesText(generateBody)}\n`);
  });
});

/** Where the document uses what JSF generates with Math.random or with state kept between calls. */
function unreproducibleKeywords(document: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (['example', 'examples', 'default', 'const', 'enum'].includes(key)) continue;
      const fractionalMultipleOf = key === 'multipleOf' && !Number.isInteger(value);
      if (key === 'not' || key === 'autoIncrement' || key === 'sequentialDate' || fractionalMultipleOf) found.push(`${where}/${key}`);
      visit(value, `${where}/${key}`);
    }
  };
  visit(document, '#');
  return found;
}

/**
 * The module bundled as a browser would get it (JSF's `browser` export, the bundle inlined), with a script
 * that prints `allBodiesText` for the same operations and seeds. Bundling for the browser fails on any Node
 * built-in the module would need.
 */
async function browserBuildPrintingAllBodies(dir: string): Promise<string> {
  const modulePath = fileURLToPath(new URL('../../src/answers/generated-body.ts', import.meta.url));
  const bundlePath = createRequire(import.meta.url).resolve('@vendor/api-types/openapi.json');
  const pointers = generated.map(({ response }) => response.schemaPointer);
  const entry = path.join(dir, 'entry.mjs');
  await writeFile(
    entry,
    [
      `import { createBodyGenerator } from ${JSON.stringify(modulePath)};`,
      `import doc from ${JSON.stringify(bundlePath)};`,
      `const generate = createBodyGenerator(doc);`,
      `const seeds = ${JSON.stringify(SEEDS)};`,
      `const bodies = ${JSON.stringify(pointers)}.map((pointer) => seeds.map((seed) => generate(pointer, seed)));`,
      `console.log(JSON.stringify(bodies));`,
    ].join('\n'),
  );
  const outfile = path.join(dir, 'bodies.mjs');
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'browser', format: 'esm', logLevel: 'silent' });
  return outfile;
}
