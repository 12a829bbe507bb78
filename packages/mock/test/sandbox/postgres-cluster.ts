// A throwaway Postgres cluster for tests: initdb in a temp dir, pg_ctl start on a free loopback port,
// run as the `postgres` user when the tests run as root (Postgres refuses to run as root).
// When it cannot start, `startCluster` throws with the reason: tests fail, they never skip.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../helpers/free-port.js';

const run = promisify(execFile);
/** Minutes, not seconds: initdb and start-up on a busy 2-core machine can be slow. */
const START_TIMEOUT_SECONDS = 180;

export interface Cluster {
  url: string;
  port: number;
  /** Stops the server (the data stays), e.g. to test a database outage. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  destroy(): Promise<void>;
}

function findBinDir(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error(
    'Postgres is not installed: no initdb under /usr/lib/postgresql/*/bin (install Debian\'s `postgresql` package, as .ci/run does, or set PG_BIN_DIR)',
  );
}

export async function startCluster(): Promise<Cluster> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-pg-'));
  const dataDir = path.join(dir, 'data');
  const asOwner = async (file: string, args: string[]) => {
    const command = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args]] : [path.join(bin, file), args];
    try {
      return await run(command[0] as string, command[1] as string[], { timeout: START_TIMEOUT_SECONDS * 1000 });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${file} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
    }
  };
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error('tests run as root, and Postgres must not: there is no `postgres` user to run it as (the postgresql package creates it)');
    });
    const uid = Number(stdout.trim());
    const { stdout: gidOut } = await run('id', ['-g', 'postgres']);
    chownSync(dir, uid, Number(gidOut.trim()));
  }
  await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const logFile = path.join(dir, 'server.log');
  const start = async () => {
    await asOwner('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', String(START_TIMEOUT_SECONDS), 'start']);
  };
  const stop = async () => {
    await asOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_SECONDS), 'stop']);
  };
  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
