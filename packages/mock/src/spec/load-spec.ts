// Loads the bundled OpenAPI document the mock serves.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from '../types.js';

/** The bundle published by @vendor/api-types (`npm run generate` writes it). */
export const DEFAULT_SPEC_SPECIFIER = '@vendor/api-types/openapi.json';

export function resolveDefaultSpecPath(): string {
  const require = createRequire(import.meta.url);
  try {
    return require.resolve(DEFAULT_SPEC_SPECIFIER);
  } catch (cause) {
    throw new Error(
      `Cannot find ${DEFAULT_SPEC_SPECIFIER}: install @vendor/api-types (or run \`npm run generate\` in the monorepo), or pass { spec } to startMock.`,
      { cause },
    );
  }
}

/** A path to a JSON bundle, an already-parsed document, or (default) the published bundle. */
export type SpecSource = string | OpenApiDocument | undefined;

export async function loadSpec(source: SpecSource): Promise<OpenApiDocument> {
  if (source !== undefined && typeof source === 'object') return structuredClone(source);
  const file = source ?? resolveDefaultSpecPath();
  const text = await readFile(file, 'utf8');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (cause) {
    throw new Error(`${file} is not a JSON OpenAPI bundle`, { cause });
  }
  if (!doc || typeof doc !== 'object' || typeof (doc as OpenApiDocument).openapi !== 'string') {
    throw new Error(`${file} is not an OpenAPI document (no "openapi" field)`);
  }
  return doc as OpenApiDocument;
}
