// @vendor/api-types: the generated files carry their header and root types, the bundle is
// reachable as `@vendor/api-types/openapi.json`, and the package is shaped for ESM and CJS consumers.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);

// Drift of the generated files is checked for every generator by the root `check:drift` task.
describe('generated files', () => {
  it('openapi.ts starts with the generated-file header', async () => {
    const text = await readFile(path.join(pkgDir, 'src/generated/openapi.ts'), 'utf8');
    expect(text.startsWith('/**\n * GENERATED FILE, DO NOT EDIT.')).toBe(true);
    expect(text).toContain('export interface paths');
    expect(text).toContain('export interface operations');
    expect(text).toMatch(/^export type Team = components\['schemas'\]\['Team'\];$/m);
    expect(text).toMatch(/^export type McpServerManifest = components\['schemas'\]\['McpServerManifest'\];$/m);
  });
});

describe('package shape', () => {
  it('exports the bundle as @vendor/api-types/openapi.json', () => {
    const resolved = require.resolve('@vendor/api-types/openapi.json');
    expect(resolved).toBe(path.join(pkgDir, 'src/generated/openapi.json'));
    const doc = require('@vendor/api-types/openapi.json');
    expect(doc.openapi).toMatch(/^3\.1\./);
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op?.operationId).filter(Boolean));
    expect(ids).toContain('getTeam');
    expect(ids).toHaveLength(18);
  });

  it('exports the OpenAPI 3.0.3 rendition as @vendor/api-types/openapi-3.0.json and .yaml, the same operations', () => {
    const resolved = require.resolve('@vendor/api-types/openapi-3.0.json');
    expect(resolved).toBe(path.join(pkgDir, 'src/generated/openapi-3.0.json'));
    const doc = require('@vendor/api-types/openapi-3.0.json');
    expect(doc.openapi).toBe('3.0.3');
    const ids = (document: any) => Object.values(document.paths).flatMap((item: any) => Object.values(item).map((op: any) => op?.operationId).filter(Boolean)).sort();
    expect(ids(doc)).toEqual(ids(require('@vendor/api-types/openapi.json')));
    const yamlFile = require.resolve('@vendor/api-types/openapi-3.0.yaml');
    expect(yamlFile).toBe(path.join(pkgDir, 'src/generated/openapi-3.0.yaml'));
    expect(readFileSync(yamlFile, 'utf8')).toMatch(/^openapi: 3\.0\.3$/m);
  });

  it('has types-first conditions, sideEffects false, and publishes dist + the bundle only', () => {
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.exports['./openapi.json']).toBe('./src/generated/openapi.json');
    for (const condition of ['import', 'require']) expect(Object.keys(pkg.exports['.'][condition])[0]).toBe('types');
    expect(pkg.files).toEqual(['dist', 'src/generated/openapi.json', 'src/generated/openapi-3.0.json', 'src/generated/openapi-3.0.yaml', 'README.md']);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('builds ESM and CJS entries and declarations for both', async () => {
    const esm = await import(pathToFileURL(path.join(pkgDir, pkg.exports['.'].import.default)).href);
    const cjs = require(path.join(pkgDir, pkg.exports['.'].require.default));
    // Types only: no runtime values.
    expect(Object.keys(esm)).toEqual([]);
    expect(Object.keys(cjs)).toEqual([]);
    for (const file of [pkg.exports['.'].import.types, pkg.exports['.'].require.types]) {
      const dts = await readFile(path.join(pkgDir, file), 'utf8');
      expect(dts).toContain('interface paths');
      expect(dts).toContain('type McpServerManifest');
    }
  });
});
