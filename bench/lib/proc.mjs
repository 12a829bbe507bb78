// Child processes: timed commands with a time limit, and servers we start and always stop.
// Every child is tracked; `stopAll()` runs on exit and on SIGINT/SIGTERM so nothing is left behind.
import { spawn } from 'node:child_process';

const live = new Set();

function killTree(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Children started with `group: true` lead their own process group: end the group (by its id).
    if (child.benchGroup) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    /* already gone */
  }
}

export function stopAll() {
  for (const child of live) killTree(child, 'SIGKILL');
  live.clear();
}

let hooked = false;
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      // Ask first (a section child then stops its own servers and commands), force after 2 s.
      for (const child of live) killTree(child, 'SIGTERM');
      setTimeout(() => {
        stopAll();
        process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
      }, live.size ? 2000 : 0).unref();
    });
  }
}

/**
 * Runs a command to completion. Resolves { code, signal, ms, stdout, stderr, timedOut } (never rejects on
 * a non-zero exit). The command leads its own process group, which is killed when it exceeds timeoutMs.
 */
export function run(command, args, { cwd, env, timeoutMs = 10 * 60_000, echo = false, input } = {}) {
  hookExit();
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    child.benchGroup = true;
    live.add(child);
    let stdout = '';
    let stderr = '';
    const cap = (s) => (s.length > 4_000_000 ? s.slice(-2_000_000) : s);
    child.stdout.on('data', (d) => {
      stdout = cap(stdout + d);
      if (echo) process.stderr.write(d);
    });
    child.stderr.on('data', (d) => {
      stderr = cap(stderr + d);
      if (echo) process.stderr.write(d);
    });
    if (input !== undefined) child.stdin.end(input);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child, 'SIGTERM');
      setTimeout(() => killTree(child, 'SIGKILL'), 5000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      live.delete(child);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      // Make sure nothing of the group outlives the command (e.g. a turbo daemon child is not ours to keep).
      resolve({ code, signal, ms: performance.now() - started, stdout, stderr, timedOut });
    });
  });
}

export { freePort } from '../../lib/free-port.mjs';

/**
 * Starts a long-running server process and waits until it answers (polled every `pollMs`) or the time limit
 * passes. By default any HTTP answer to /__bench_ready__ counts; `probe` ({ path, headers, status }) makes it
 * a real request that must get that status. Returns { url, pid, readyMs (spawn to that answer), stop(), output() }.
 */
export async function startServer(command, args, { cwd, env, url, timeoutMs = 60_000, readyFromStdout, pollMs = 100, probe } = {}) {
  hookExit();
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'], // stdin stays open: our own servers exit when it closes
    // Not detached: a server stays in the process group of the section that started it, so ending that
    // group (scripts/bench.mjs does on a time limit) ends the server too.
  });
  live.add(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out = (out + d).slice(-200_000);
  });
  child.stderr.on('data', (d) => {
    err = (err + d).slice(-200_000);
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.stdin.end();
      } catch {
        /* ignore */
      }
      killTree(child, 'SIGTERM');
      const timer = setTimeout(() => killTree(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    live.delete(child);
  };
  const deadline = Date.now() + timeoutMs;
  let resolvedUrl = url;
  try {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${command} ${args.join(' ')} exited before it was ready (code ${child.exitCode}):\n${err || out}`);
      }
      if (Date.now() > deadline) throw new Error(`${command} was not ready within ${timeoutMs} ms:\n${err || out}`);
      if (!resolvedUrl && readyFromStdout) resolvedUrl = readyFromStdout(out);
      if (resolvedUrl && (await answers(resolvedUrl, probe))) break;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const readyMs = performance.now() - spawnedAt;
  return { url: resolvedUrl, pid: child.pid, readyMs, stop, output: () => ({ stdout: out, stderr: err }) };
}

/** Stops every started server of `servers` (name → server), one after the other. */
export async function stopServers(servers) {
  for (const server of Object.values(servers)) await server.stop();
}

/**
 * What a section's result says of a started server: `title` (what it is), how long it took to answer, and the
 * last lines it wrote to stderr (its warnings, a crash) when it wrote any.
 */
export function describeServer(server, title) {
  const described = { title, readyMs: Math.round(server.readyMs) };
  const stderr = server.output().stderr.trim();
  if (stderr !== '') described.stderrTail = stderr.split('\n').slice(-5);
  return described;
}

async function answers(url, probe) {
  try {
    const res = await fetch(new URL(probe?.path ?? '/__bench_ready__', url), { headers: probe?.headers, signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    if (probe?.status !== undefined) return res.status === probe.status;
    return true; // any HTTP answer (404, 401, ...) means it is listening
  } catch {
    return false;
  }
}
