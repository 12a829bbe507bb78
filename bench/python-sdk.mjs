// Section: the Python SDK (packages/python, `vendor-api`), in the locked venv its tests use (python3).
// - per call: PlatformClient vs bare httpx with the same request (GET getTeam, PUT createOrUpdateMcpServer's `remote`
//   example) against the mock over loopback (packages/python/tools/bench_calls.py; the mock started by the SDK's own
//   vendor_api.testing.start_mock());
// - import time of `vendor_api` in a fresh interpreter (median of runs), beside `import httpx, pydantic` alone;
// - the wheel's size (python -m build --wheel, from the committed sources).
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageDir, run, syncMainVenv } from '../packages/python/tools/python-env.mjs';
import { findOperation, parameterExample, parameters, requestExample } from './lib/spec.mjs';
import { round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const IMPORT_PROBE = 'import time; t = time.perf_counter(); import {module}; print((time.perf_counter() - t) * 1000)';

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Milliseconds to import `module` in a fresh interpreter, each run on its own (bytecode already compiled). */
function importTimes(python, module, runs) {
  run(python, ['-c', `import ${module}`], { capture: true }); // compiles the bytecode once, outside the timing
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const out = run(python, ['-c', IMPORT_PROBE.replace('{module}', module)], { capture: true, env: { PYTHONDONTWRITEBYTECODE: '' } }).stdout;
    times.push(Number(out.trim()));
  }
  return { runs, medianMs: round(medianOf(times), 1), minMs: round(Math.min(...times), 1), maxMs: round(Math.max(...times), 1) };
}

export async function run_(settings) {
  const python = syncMainVenv();
  const work = mkdtempSync(path.join(tmpdir(), 'bench-python-'));
  try {
    const get = findOperation('getTeam');
    const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
    const fixtures = { id, getPath: get.path.replace('{id}', encodeURIComponent(id)), putPath: findOperation('createOrUpdateMcpServer').path, putBody: requestExample('createOrUpdateMcpServer', 'remote') };
    const fixturesFile = path.join(work, 'fixtures.json');
    writeFileSync(fixturesFile, JSON.stringify(fixtures));
    const calls = JSON.parse(run(python, ['tools/bench_calls.py', fixturesFile, String(settings.python.calls)], { capture: true }).stdout);

    const importSdk = importTimes(python, 'vendor_api', settings.python.importRuns);
    const importDeps = importTimes(python, 'httpx, pydantic', settings.python.importRuns);

    run(python, ['-m', 'build', '--wheel', '--no-isolation', '--outdir', work, packageDir], { capture: true });
    const wheel = readdirSync(work).find((name) => name.endsWith('.whl'));
    return {
      python: calls.python,
      httpx: calls.httpx,
      calls: calls.calls,
      perCall: calls.methods,
      import: { sdk: importSdk, dependencies: importDeps },
      wheel: { name: wheel, bytes: statSync(path.join(work, wheel)).size },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run_);
