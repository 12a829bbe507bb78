// The types generator on a small fixture document: open enumerations keep their known literals
// (autocomplete) and still accept any other string; nullable fields say `| null`; a number is still
// not a string. The TypeScript compiler checks a small program against the generated types.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error: plain ESM generator without type declarations
import { typesFor } from '../../scripts/generators/20-types.mjs';
// @ts-expect-error: plain ESM helper without type declarations
import { bundleSpec, repoRoot } from '../../scripts/lib/bundle.mjs';
import { isOpenEnum } from '@vendor/spec-model';

const openEnum = (values: string[]) => ({ anyOf: [{ type: 'string', enum: values }, { type: 'string' }] });

/** One component open enum, one inline open enum, nullable fields of each spelling, a discriminated union. */
const fixture = {
  openapi: '3.1.0',
  info: { title: 'Fixture', version: '0.1.0' },
  paths: {},
  components: {
    schemas: {
      SubjectType: { description: 'Kind of subject.', ...openEnum(['user', 'team']) },
      Subject: {
        type: 'object',
        required: ['subjectType', 'framework', 'pet'],
        properties: {
          subjectType: { $ref: '#/components/schemas/SubjectType' },
          framework: openEnum(['pytorch', 'sklearn']),
          nullableType: { type: ['string', 'null'] },
          nullableRef: { anyOf: [{ $ref: '#/components/schemas/SubjectType' }, { type: 'null' }] },
          nullableOpenEnum: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'string' }, { type: 'null' }] },
          closed: { type: 'string', enum: ['x', 'y'] },
          freeForm: { type: 'object' },
          pet: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
            discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
          },
        },
      },
      Cat: { type: 'object', required: ['kind'], properties: { kind: { const: 'cat' }, lives: { type: 'integer' } } },
      Dog: { type: 'object', required: ['kind'], properties: { kind: { const: 'dog' }, barks: { type: 'boolean' } } },
    },
  },
};

/** Uses of the generated types; each rejected line carries `@ts-expect-error`, so an accepted one is an error too. */
const checks = `
import type { components } from './generated';
type Schemas = components['schemas'];
export const known: Schemas['SubjectType'] = 'user';
export const unknown: Schemas['SubjectType'] = 'zz-future-value';
// @ts-expect-error a number is not a subject type
export const notAString: Schemas['SubjectType'] = 42;
export const inlineUnknown: Schemas['Subject']['framework'] = 'zz-future-framework';
// @ts-expect-error a boolean is not a framework
export const inlineWrong: Schemas['Subject']['framework'] = true;
export const nullType: Schemas['Subject']['nullableType'] = null;
export const nullRef: Schemas['Subject']['nullableRef'] = null;
export const nullOpen: Schemas['Subject']['nullableOpenEnum'] = null;
export const otherOpen: Schemas['Subject']['nullableOpenEnum'] = 'c';
// @ts-expect-error a request-side (closed) enumeration admits only its values
export const closedOther: Schemas['Subject']['closed'] = 'z';
export const freeForm: Schemas['Subject']['freeForm'] = { anything: 1, nested: { ok: true } };
export function narrow(pet: Schemas['Subject']['pet']): number {
  // The discriminated union stays closed, so narrowing on its const works.
  if (pet.kind === 'cat') return pet.lives ?? 9;
  // @ts-expect-error a Dog has no lives
  return pet.lives ?? 0;
}
export type SubjectTypeText = Schemas['SubjectType'];
export type NullableOpenText = Exclude<Schemas['Subject']['nullableOpenEnum'], undefined>;
`;

let diagnostics: string[] = [];
/** The members of a type alias's resolved union, as the compiler prints them. */
let unionMembers: (alias: string) => string[] = () => [];
let generated = '';
let dir = '';

beforeAll(async () => {
  generated = await typesFor(fixture);
  // Real files in a temporary folder: the compiler resolves './generated' the way an editor would.
  dir = await mkdtemp(path.join(os.tmpdir(), 'open-enums-'));
  await writeFile(path.join(dir, 'generated.ts'), generated);
  await writeFile(path.join(dir, 'checks.ts'), checks);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  };
  const program = ts.createProgram([path.join(dir, 'checks.ts')], options);
  diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${path.basename(d.file?.fileName ?? '')}:${where ? where.line + 1 : '?'} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path.join(dir, 'checks.ts'))!;
  unionMembers = (alias) => {
    const declaration = source.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === alias) as ts.TypeAliasDeclaration;
    const type = checker.getTypeFromTypeNode(declaration.type);
    // Print the members of the resolved union, not the alias or indexed-access name it was written as.
    const members = type.isUnion() ? type.types : [type];
    return members.map((member) => checker.typeToString(member, undefined, ts.TypeFormatFlags.NoTruncation));
  };
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('types generator (scripts/generators/20-types.mjs)', () => {
  test('renders an open enumeration as its literals plus (string & {})', () => {
    expect(generated).toContain('SubjectType: ("user" | "team") | (string & {});');
    expect(generated).toMatch(/framework: \("pytorch" \| "sklearn"\) \| \(string & \{\}\);/);
  });

  test('the compiler keeps the known literals in the type (what editors autocomplete)', () => {
    expect(unionMembers('SubjectTypeText').sort()).toEqual(['"team"', '"user"', 'string & {}']);
    expect(unionMembers('NullableOpenText').sort()).toEqual(['"a"', '"b"', 'null', 'string & {}']);
  });

  test('known and unknown strings and null type-check; numbers, booleans and unknown closed values do not', () => {
    // Every rejected assignment is marked @ts-expect-error: an accepted one shows up as an unused directive.
    expect(diagnostics.join('\n')).toBe('');
  });

  test('a free-form object holds any keys (Record<string, unknown>, not Record<string, never>)', () => {
    expect(generated).toContain('freeForm?: Record<string, unknown>;');
  });

  test('a closed enumeration stays a plain union of its literals', () => {
    expect(generated).toContain('closed?: "x" | "y";');
  });
});

describe('the published types (packages/types/src/generated/openapi.ts)', () => {
  test('render every open enumeration of the spec with (string & {})', async () => {
    const bundle = await bundleSpec();
    let openEnums = 0;
    const visit = (node: unknown) => {
      if (node === null || typeof node !== 'object') return;
      if (isOpenEnum(node)) openEnums += 1;
      for (const child of Object.values(node)) visit(child);
    };
    visit(bundle);
    const published = await readFile(path.join(repoRoot, 'packages/types/src/generated/openapi.ts'), 'utf8');
    // Each open enumeration is one schema object, rendered once (components by name, inline ones in place).
    expect(published.split('| (string & {})').length - 1).toBe(openEnums);
  });
});
