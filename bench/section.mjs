// Each bench section is a module with `run(settings)`; run directly (`node bench/<section>.mjs --out f.json`)
// it writes its result as JSON. scripts/bench.mjs runs every section in its own child process.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { settings } from './config.mjs';
import { stopAll } from './lib/proc.mjs';

export function isMain(moduleUrl) {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

export async function writeSectionResult(run) {
  const i = process.argv.indexOf('--out');
  const out = i > 0 ? process.argv[i + 1] : undefined;
  try {
    const result = await run(settings);
    const json = JSON.stringify(result, null, 2);
    if (out) writeFileSync(out, json);
    else process.stdout.write(`${json}\n`);
    stopAll();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${error?.stack ?? error}\n`);
    stopAll();
    process.exit(1);
  }
}
