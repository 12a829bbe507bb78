// The sandbox section's servers (servers/sandbox-server.mjs, each in its own process): starting one of a store,
// stopping it, asking its health, reading its memory; and the section's progress line on stderr.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDir, repoRoot } from './paths.mjs';
import { startServer } from './proc.mjs';
import { round } from './stats.mjs';

const SERVER = path.join(benchDir, 'servers/sandbox-server.mjs');

/** A progress line of the sandbox section, on stderr. */
export function say(line) {
  process.stderr.write(`  sandbox ${line}\n`);
}

/**
 * Starts the mock of a store. `mode`: stateless | memory | data | postgres; `where`: the data directory or the
 * Postgres URL; `rate` (postgres): its --rate-limit (0: none). Ready when it prints its JSON line: { url, token,
 * readyMs (since its own process started) }.
 */
export async function startSandbox(settings, mode, where, rate) {
  const args = [SERVER, mode];
  if (where !== undefined) args.push(where);
  if (rate !== undefined) args.push(String(rate));
  let ready;
  const server = await startServer(process.execPath, args, {
    cwd: repoRoot,
    timeoutMs: settings.sandbox.startTimeoutMs,
    readyFromStdout: (out) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return undefined;
      ready = JSON.parse(line);
      return ready.url;
    },
  });
  return { ...server, token: ready.token, readyMs: ready.readyMs };
}

/** Stops a server and says how many warnings it printed (a store that answered 503 says why there). */
export async function stopSandbox(name, server) {
  await server.stop();
  const warnings = server.output().stderr.split('\n').filter((line) => line.startsWith('WARN '));
  if (warnings.length > 0) say(`${name} server: ${warnings.length} warnings, the last: ${warnings.at(-1).slice(5, 300)}`);
}

/** GET /_sandbox/health: the store's name (`store`) and, where the sandbox reports it, its tenant count. */
export async function health(server) {
  const res = await fetch(`${server.url}/_sandbox/health`);
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET /_sandbox/health answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** RSS of a process from /proc (Linux), in MB; undefined (and a line why) when the process is gone. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return round(kb / 1024, 1);
  } catch (error) {
    say(`cannot read the RSS of process ${pid}: ${error.message}`);
    return undefined;
  }
}
