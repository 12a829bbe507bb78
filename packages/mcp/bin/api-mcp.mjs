#!/usr/bin/env node
// The package's bin: what `npx @vendor/api-mcp` runs. It is committed, not built: npm links a bin only if its
// file exists at install time, and in a fresh clone `npm ci` runs before anything is built. It runs the built
// CLI (dist/cli.js), or says in one line how to build it.
import { existsSync } from 'node:fs';

const builtCli = new URL('../dist/cli.js', import.meta.url);
const isBuilt = existsSync(builtCli);

if (!isBuilt) {
  // Only in a clone of the repository: the published package always ships dist/.
  process.stderr.write('@vendor/api-mcp is not built yet: run `npm run build` (or `npm start`) at the root of the repository first\n');
  process.exit(1);
}
// The CLI reads process.argv itself.
await import('../dist/cli.js');
