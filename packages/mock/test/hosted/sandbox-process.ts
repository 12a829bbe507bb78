// One sandbox instance in a process of its own, started the way a host starts it:
// `node node_modules/@vendor/api-mock/bin/api-mock.mjs --sandbox --host 127.0.0.1 --port N --database-url postgres://...`,
// with the shared secret in VENDOR_SANDBOX_SECRET. Its output is kept with every token replaced by ***,
// so that a failure message can show it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
/** Minutes: on a busy shared 2-core machine loading Node and the spec and seeding the database take long. */
const START_TIMEOUT_MS = 3 * 60_000;
const STOP_TIMEOUT_MS = 60_000;
/** The banner ends with the acme token on its own line: once it is printed the instance is listening. */
const BANNER_END = /token for tenant acme[^\n]*\n\S+\n/;
const LISTENING_ON = /listening on (http:\/\/\S+)/;
/** Sandbox tokens are JWTs; any of them in the output is hidden before it is shown anywhere. */
const JWT = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g;

export interface SandboxProcessOptions {
  /** a name for messages, e.g. `a` (the server's name in the haproxy config) */
  name: string;
  port: number;
  databaseUrl: string;
  secret: string;
  /** more CLI flags, e.g. ['--tenant-ttl', '7d'] */
  extraArgs?: readonly string[];
  /** more environment variables, e.g. VENDOR_SANDBOX_ADMIN_TOKEN */
  env?: Record<string, string>;
}

export interface SandboxProcess {
  name: string;
  port: number;
  /** the process id (its command line is /proc/<pid>/cmdline, what `ps` shows) */
  pid: number;
  /** where the instance itself listens (not through the balancer) */
  url: string;
  isRunning(): boolean;
  /** stdout and stderr so far, tokens shown as *** */
  output(): string;
  /** SIGKILL, as a crashed host: requests in flight get no answer. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (requests in flight finish), then SIGKILL if it has not stopped within a minute. */
  stop(): Promise<void>;
}

/** The command line a host runs, without `node` and the bin: the README shows the same flags. */
export function instanceArgs(port: number, databaseUrl: string, extraArgs: readonly string[] = []): string[] {
  return ['--sandbox', '--host', '127.0.0.1', '--port', String(port), '--database-url', databaseUrl, ...extraArgs];
}

export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const args = [cli, ...instanceArgs(options.port, options.databaseUrl, options.extraArgs)];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VENDOR_SANDBOX_SECRET: options.secret, ...options.env },
  });
  let stdout = '';
  let output = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const shownOutput = () => output.replace(JWT, '***');

  await waitForBanner(child, () => stdout, exited, () => `instance ${options.name} (port ${options.port})`, shownOutput);
  const url = LISTENING_ON.exec(stdout)![1]!;
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  return {
    name: options.name,
    port: options.port,
    pid: child.pid!,
    url,
    isRunning,
    output: shownOutput,
    async kill() {
      if (isRunning()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!isRunning()) return;
      child.kill('SIGTERM');
      const stoppedInTime = await settlesWithin(exited, STOP_TIMEOUT_MS);
      if (!stoppedInTime) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once the banner is complete; throws with the (token-free) output when the process exits first or is too slow. */
async function waitForBanner(child: ChildProcess, stdout: () => string, exited: Promise<void>, label: () => string, output: () => string): Promise<void> {
  const bannerPrinted = new Promise<void>((resolve) => {
    const check = () => {
      if (BANNER_END.test(stdout())) resolve();
    };
    child.stdout!.on('data', check);
  });
  const outcome = await Promise.race([
    bannerPrinted.then(() => 'ready' as const),
    exited.then(() => 'exited' as const),
    delay(START_TIMEOUT_MS).then(() => 'too slow' as const),
  ]);
  if (outcome === 'ready') return;
  if (outcome === 'too slow') child.kill('SIGKILL');
  throw new Error(`sandbox ${label()} did not start (${outcome}, exit code ${child.exitCode}):\n${output()}`);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), delay(ms).then(() => false)]);
}
