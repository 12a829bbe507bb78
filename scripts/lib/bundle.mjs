// Bundles openapi/spec.yaml (and any file it $refs) into one OpenAPI document object.
// Every generator, the conformance suite, the mock and the docs start from this one function,
// so they all see the same document.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const specPath = path.join(repoRoot, 'openapi/spec.yaml');

/** @returns {Promise<Record<string, any>>} the bundled document (internal $refs kept, external ones inlined) */
export async function bundleSpec(ref = specPath) {
  const config = await loadConfig({ configPath: path.join(repoRoot, 'redocly.yaml') });
  const { bundle: result, problems } = await bundle({ ref, config, dereference: false });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((p) => `  ${p.message} (${p.location?.[0]?.pointer ?? '?'})`);
    throw new Error(`Cannot bundle ${path.relative(repoRoot, ref)}:\n${lines.join('\n')}`);
  }
  return result.parsed;
}
