// Imports a TypeScript module of the workspace, bundled in memory by esbuild (node built-ins stay imports): for the
// steps that need a package's source as it is, before or without its build (the mock validators' generator, the
// bench's checked floor).
import path from 'node:path';
import { build } from 'esbuild';

export async function importTypeScript(repoRoot, file) {
  const result = await build({
    entryPoints: [path.join(repoRoot, file)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
