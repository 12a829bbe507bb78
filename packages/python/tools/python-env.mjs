// The Python SDK's locked environment, shared by its tests (tools/test.mjs) and the bench (bench/python-sdk.mjs):
// uv pinned with its hashes (uv-requirements.txt) and a venv synced from uv.lock, both under
// node_modules/.cache/vendor-python at the root of the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(packageDir, '../..');
export const cache = path.join(repoRoot, 'node_modules/.cache/vendor-python');
export const uv = path.join(cache, 'uv-tool/bin/uv');
const UV_VERSION = '0.13.8';

export const pythonEnv = {
  ...process.env,
  UV_CACHE_DIR: path.join(cache, 'uv-cache'),
  // Never download an interpreter: use the ones the machine has.
  UV_PYTHON_PREFERENCE: 'only-system',
  UV_PYTHON_DOWNLOADS: 'never',
  UV_NO_PROGRESS: '1',
  PYTHONDONTWRITEBYTECODE: '1',
  // pyright's wrapper keeps what it needs beside the venvs, never in the user's home.
  PYRIGHT_PYTHON_CACHE_DIR: path.join(cache, 'pyright'),
};
delete pythonEnv.VIRTUAL_ENV;
delete pythonEnv.VENDOR_API_LOG;

/** Runs a command in packages/python; throws with its output when it fails (unless allowFailure). */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: options.cwd ?? packageDir, env: { ...pythonEnv, ...options.env }, encoding: 'utf8', stdio: options.capture ? 'pipe' : 'inherit' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0 && !options.allowFailure) {
    if (options.capture) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`failed (exit ${result.status}): ${command} ${args.join(' ')}`);
  }
  return result;
}

export const venvPython = (venv) => path.join(venv, 'bin/python');

/** uv at its pinned version, installed with pip from hash-pinned requirements when missing. */
export function ensureUv(log = console.log) {
  const installed = existsSync(uv) && run(uv, ['--version'], { capture: true, allowFailure: true }).stdout?.includes(UV_VERSION);
  if (installed) return;
  log(`installing uv ${UV_VERSION} (hash-pinned) into ${path.relative(repoRoot, cache)}`);
  rmSync(path.join(cache, 'uv-tool'), { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  run('python3', ['-m', 'venv', path.join(cache, 'uv-tool')]);
  run(venvPython(path.join(cache, 'uv-tool')), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--require-hashes', '-r', 'tools/uv-requirements.txt']);
}

/** python3's major.minor (3.11). */
export function mainPythonVersion() {
  return run('python3', ['-c', 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")'], { capture: true }).stdout.trim();
}

/** The venv of python3 with every locked group (uv sync --locked); returns its python. */
export function syncMainVenv() {
  ensureUv();
  const venv = path.join(cache, `venv-${mainPythonVersion()}`);
  run(uv, ['sync', '--locked', '--all-groups', '--python', 'python3', '--quiet'], { env: { UV_PROJECT_ENVIRONMENT: venv } });
  return venvPython(venv);
}
