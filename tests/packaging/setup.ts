// Shared by the packaging suites: the published packages must be built before they can be packed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PUBLISHED, repoRoot } from '../../scripts/check-packages.mjs';

export function assertBuilt() {
  const missing = PUBLISHED.filter((p) => !existsSync(path.join(repoRoot, p.dir, 'dist'))).map((p) => p.name);
  if (missing.length > 0) {
    throw new Error(`Not built: ${missing.join(', ')}. Run \`npx turbo run build --filter=@vendor/*\` first.`);
  }
}
