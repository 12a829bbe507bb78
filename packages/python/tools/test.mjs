#!/usr/bin/env node
// The Python SDK's tests, as `npm test` runs them (root script `test:python`): installs the locked Python
// dependencies itself, then checks the package on every CPython from 3.9 that the machine has.
//
// 1. uv, pinned with its hashes (tools/uv-requirements.txt), into node_modules/.cache/vendor-python/uv-tool.
// 2. python3: `uv sync --locked` (uv.lock) into a cache venv; ruff; mypy --strict on the package, the tests and the
//    README's samples; pyright strict on the package and the samples; pytest (unit tests, and the mock and sandbox through the package's own fixtures); the wheel
//    and sdist built, `twine check`ed, the wheel listed (py.typed in, no tests or generator) and installed into a
//    fresh venv where it must import.
// 3. Every other CPython >= 3.9 under pyenv: a venv with the locked dependencies and the built wheel, then pytest
//    (every test on the oldest and the newest, the unit tests on those between).
// Counts go to test-results/pytest.json, which scripts/test-summary.mjs adds to the closing line.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cache, ensureUv, mainPythonVersion, packageDir, repoRoot, run, syncMainVenv, uv, venvPython } from './python-env.mjs';

const resultsDir = path.join(packageDir, 'test-results');
const OTHER_PYTHONS_ROOT = process.env.PYENV_ROOT ? path.join(process.env.PYENV_ROOT, 'versions') : '/root/.pyenv/versions';
const MIN_MINOR = 9;

const step = (title) => console.log(`\n== python: ${title}`);

/**
 * The pytest fixtures start the built mock. Inside \`npm test\` turbo builds it first (the task depends on it); run
 * alone (\`npm run test:python\`), this builds it when it is missing.
 */
function buildMockIfMissing() {
  if (existsSync(path.join(repoRoot, 'packages/mock/dist/cli.js'))) return;
  step('building @vendor/api-mock (the fixtures start it)');
  run('npx', ['turbo', 'run', 'build', '--filter=@vendor/api-mock', '--output-logs=errors-only'], { cwd: repoRoot });
}

/** pytest's counts from its JUnit report. */
function junitCounts(file) {
  const xml = readFileSync(file, 'utf8');
  const suite = xml.match(/<testsuite [^>]*>/)?.[0] ?? '';
  const number = (name) => Number(suite.match(new RegExp(`\\b${name}="(\\d+)"`))?.[1] ?? 0);
  const failed = number('failures') + number('errors');
  const skipped = number('skipped');
  return { passed: number('tests') - failed - skipped, failed, skipped };
}

function pytest(python, label, args = []) {
  const report = path.join(resultsDir, `pytest-${label}.xml`);
  const result = run(python, ['-m', 'pytest', '-q', `--junitxml=${report}`, ...args], { allowFailure: true });
  const counts = existsSync(report) ? junitCounts(report) : { passed: 0, failed: 1, skipped: 0 };
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  return { python: label, ...counts };
}

/** The CPythons >= 3.9 under pyenv, other than python3's own version. */
function otherPythons(mainVersion) {
  if (!existsSync(OTHER_PYTHONS_ROOT)) return [];
  return readdirSync(OTHER_PYTHONS_ROOT)
    .filter((name) => /^3\.\d+\.\d+$/.test(name))
    .filter((name) => Number(name.split('.')[1]) >= MIN_MINOR && name.split('.').slice(0, 2).join('.') !== mainVersion)
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))
    .map((name) => ({ label: name.split('.').slice(0, 2).join('.'), python: path.join(OTHER_PYTHONS_ROOT, name, 'bin/python') }))
    .filter((found) => existsSync(found.python));
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const runs = [];
let problem;
try {
  buildMockIfMissing();
  ensureUv((line) => step(line));
  const mainVersion = mainPythonVersion();
  step(`python3 (${mainVersion}): locked dependencies (uv.lock)`);
  const python = syncMainVenv();

  step('ruff');
  run(python, ['-m', 'ruff', 'check', 'src', 'tests', 'tools']);
  step('README samples extracted to tools/readme_samples/ and type-checked with the package (mypy --strict)');
  run(python, ['tools/readme_samples.py']);
  run(python, ['-m', 'mypy', '--strict', 'src/vendor_api', 'tests', 'tools/readme_samples']);
  step('pyright --strict (typeCheckingMode strict in pyproject.toml) on the package and the README samples');
  run(python, ['-m', 'pyright', '--pythonpath', python]);

  step(`pytest on python3 (${mainVersion}): unit tests, the mock and the sandbox`);
  runs.push(pytest(python, mainVersion));

  step('packaging: wheel and sdist, twine check, contents, a fresh venv');
  const dist = path.join(cache, 'dist');
  rmSync(dist, { recursive: true, force: true });
  run(python, ['-m', 'build', '--no-isolation', '--outdir', dist, '.'], { capture: true });
  const built = readdirSync(dist);
  const wheel = path.join(dist, built.find((name) => name.endsWith('.whl')));
  const sdist = path.join(dist, built.find((name) => name.endsWith('.tar.gz')));
  run(python, ['-m', 'twine', 'check', '--strict', wheel, sdist]);
  run(python, ['tools/check_wheel.py', wheel, sdist]);
  const requirements = path.join(cache, 'requirements.txt');
  run(uv, ['export', '--locked', '--no-dev', '--no-emit-project', '--group', 'test', '--no-hashes', '--quiet', '--output-file', requirements]);
  const fresh = path.join(cache, 'fresh-venv');
  rmSync(fresh, { recursive: true, force: true });
  run(uv, ['venv', '--quiet', '--python', 'python3', fresh]);
  run(uv, ['pip', 'install', '--quiet', '--python', venvPython(fresh), '-r', requirements, wheel]);
  run(venvPython(fresh), ['-c', 'import vendor_api, vendor_api.testing; print("the wheel imports: vendor_api", vendor_api.__version__)'], { env: { PYTHONPATH: '' } });

  const others = otherPythons(mainVersion);
  for (const [index, other] of others.entries()) {
    // The oldest and the newest run everything (the mock and the sandbox too); those between run the unit tests,
    // which keeps the task's time within a few minutes on a busy 2-core machine.
    const isEdge = index === 0 || index === others.length - 1;
    step(`python ${other.label}: the wheel with the locked dependencies, then pytest (${isEdge ? 'every test' : 'the unit tests'})`);
    const venv = path.join(cache, `venv-${other.label}`);
    rmSync(venv, { recursive: true, force: true });
    run(uv, ['venv', '--quiet', '--python', other.python, venv]);
    run(uv, ['pip', 'install', '--quiet', '--python', venvPython(venv), '-r', requirements, wheel]);
    runs.push(pytest(venvPython(venv), other.label, isEdge ? [] : ['tests/unit']));
  }
} catch (error) {
  problem = error;
}

const total = runs.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
if (problem) total.failed += 1;
writeFileSync(path.join(resultsDir, 'pytest.json'), `${JSON.stringify({ ...total, runs }, null, 2)}\n`);
console.log(`\npython: ${runs.map((r) => `${r.python}: ${r.passed} passed, ${r.failed} failed`).join('; ')}`);
if (problem) {
  console.error(`python: ${problem.message}`);
  process.exit(1);
}
if (total.failed > 0) process.exit(1);
