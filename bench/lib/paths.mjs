// Where things are.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const benchDir = path.join(repoRoot, 'bench');
export const tmpDir = path.join(benchDir, 'tmp'); // git-ignored scratch space
export const bundlePath = path.join(repoRoot, 'packages/types/src/generated/openapi.json');
export const resultsPath = path.join(benchDir, 'results.json');
export const markdownPath = path.join(repoRoot, 'BENCHMARKS.md');
