// The repository's own source files, tests included: what the one-reader guard reads.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const SOURCE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs']);

/** Folders that hold no hand-written source: dependencies, build output, generated code, caches, reports. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'generated', 'coverage', 'test-results', '.git', '.turbo']);

/**
 * Every source file under `root` (relative, with `/`), in a stable order, except under SKIPPED_FOLDERS and under
 * `excluded` (relative folders).
 */
export function sourceFiles(root: string, excluded: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        const isSkipped = SKIPPED_FOLDERS.has(entry.name) || excluded.includes(child);
        if (!isSkipped) visit(child);
        continue;
      }
      if (entry.isFile() && SOURCE_EXTENSIONS.has(path.extname(entry.name))) files.push(child);
    }
  };
  visit('');
  return files.sort();
}
