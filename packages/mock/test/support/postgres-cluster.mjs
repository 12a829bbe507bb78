// A throwaway Postgres cluster, for the mock's tests and the bench alike (bench/sandbox-throughput.mjs imports it:
// plain JavaScript, so that the bench runs it without a build). initdb in a temp dir, `postgres` on a free loopback
// port as our own child process (so it ends with us: Ctrl+C, a time limit, a crashed test run), run as the `postgres`
// user when we are root (Postgres refuses to run as root). When Postgres cannot start, `startCluster` throws with
// the reason: tests fail and the bench says why, neither skips silently.
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.mjs';

const exec = promisify(execFile);
/** Minutes, not seconds: initdb and start-up on a busy 2-core machine can be slow. */
const START_TIMEOUT_MS = 180_000;
/** Postgres's own line when it accepts connections (messages in English: LC_ALL=C below). */
const READY_LINE = 'database system is ready to accept connections';

function findBinDir() {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error("Postgres is not installed: no initdb under /usr/lib/postgresql/*/bin (install Debian's `postgresql` package, as .ci/run does, or set PG_BIN_DIR)");
}

/** The uid and gid to run Postgres as: the `postgres` user when we are root, else ourselves (empty). */
async function owner() {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) return {};
  try {
    const uid = Number((await exec('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await exec('id', ['-g', 'postgres'])).stdout.trim());
    return { uid, gid };
  } catch {
    throw new Error('we run as root, and Postgres must not: there is no `postgres` user to run it as (the postgresql package creates it)');
  }
}

/** Spawns `postgres` and resolves once it logs that it accepts connections; rejects when it exits first. */
function startPostgres(bin, args, spawnOptions) {
  const child = spawn(path.join(bin, 'postgres'), args, { ...spawnOptions, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres was not ready within ${START_TIMEOUT_MS} ms:\n${log.slice(-2000)}`)), START_TIMEOUT_MS);
    child.stderr.on('data', (chunk) => {
      log = (log + chunk).slice(-20_000);
      if (log.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`postgres exited before it was ready (${code ?? signal}):\n${log.slice(-2000)}`));
    });
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { child, ready, exited };
}

/** Fast shutdown (SIGINT: sessions end, no waiting for clients); one that hangs ends the hard way (SIGQUIT). */
async function stopPostgres(server) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGINT');
  const hard = setTimeout(() => server.child.kill('SIGQUIT'), 10_000);
  await server.exited;
  clearTimeout(hard);
}

/**
 * Starts a cluster: `{ url, port, stop(), start(), destroy() }`. `stop` stops the server and keeps its data (a
 * database outage), `start` starts it again on the same port, `destroy` stops it and deletes its directory.
 */
export async function startCluster() {
  const bin = findBinDir();
  const ids = await owner();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-cluster-'));
  if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid);
  const dataDir = path.join(dir, 'data');
  const spawnOptions = { ...ids, cwd: dir, env: { ...process.env, LC_ALL: 'C' } };
  let server;
  // If we exit without destroy() (an error, a signal), the server and its files still go.
  const cleanUp = () => {
    if (server !== undefined && server.child.exitCode === null) server.child.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  let port;
  const start = async () => {
    const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=100'];
    server = startPostgres(bin, ['-D', dataDir, '-p', String(port), '-k', dir, ...settings], spawnOptions);
    await server.ready;
  };
  try {
    await exec(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'], { ...spawnOptions, timeout: START_TIMEOUT_MS });
    port = await freePort();
    await start();
  } catch (error) {
    process.removeListener('exit', cleanUp);
    cleanUp();
    const detail = error.stderr ? error.stderr.trim() : error.message;
    throw new Error(`Postgres did not start: ${detail}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => stopPostgres(server),
    start,
    async destroy() {
      await stopPostgres(server);
      process.removeListener('exit', cleanUp);
      cleanUp();
    },
  };
}
