// The rule behind `npm ci && npm start` on a fresh clone: nothing `scripts/start.mjs` imports before its build step
// may need a build output. Its static imports (followed through every file they reach) load before the first line
// runs, so none of them may be a workspace package (`@vendor/*`, whose entry is a dist/ folder) or a dist/ file;
// what needs one is imported with `await import()` after the build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file and bare package that `entry`'s static imports reach, in the order found. */
async function staticImportClosure(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const { metafile } = await build({
    entryPoints: [entry],
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return walkStaticImports(metafile, path.relative(repoRoot, entry));
}

function walkStaticImports(metafile: Metafile, entry: string): { files: string[]; packages: string[] } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    for (const edge of metafile.inputs[file]?.imports ?? []) {
      const loadsBeforeTheScriptRuns = edge.kind === 'import-statement';
      if (!loadsBeforeTheScriptRuns) continue;
      if (edge.external) packages.add(edge.path);
      else pending.push(edge.path);
    }
  }
  return { files, packages: [...packages] };
}

describe('npm start on a fresh clone', () => {
  it('imports nothing built before its build step runs', async () => {
    const closure = await staticImportClosure(path.join(repoRoot, 'scripts/start.mjs'));
    // The walk must see the script's own helpers, or it proves nothing.
    expect(closure.files).toContain('scripts/lib/run-step.mjs');
    expect(closure.files.filter((file) => file.split('/').includes('dist'))).toEqual([]);
    expect(closure.packages.filter((name) => name.startsWith('@vendor/'))).toEqual([]);
  });

  it('the walk sees a workspace package behind a helper (the import the fresh clone tripped on)', async () => {
    const closure = await staticImportClosure(path.join(repoRoot, 'scripts/lib/start/ready-curl.mjs'));
    expect(closure.packages).toContain('@vendor/spec-model');
  });
});
