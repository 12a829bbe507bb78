// haproxy in front of sandbox instances, as a hosted sandbox runs it: the config (one function, which the
// README shows with example ports) and the balancer process, in the foreground, with its stats page to
// read which instances it considers up.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HAPROXY_BIN = '/usr/sbin/haproxy';
/** The backend's name in the config, and in the stats page's rows. */
const BACKEND = 'sandboxes';
/** Minutes, not seconds: a busy shared 2-core machine can be slow to start anything. */
const START_TIMEOUT_MS = 3 * 60_000;
const STOP_TIMEOUT_MS = 60_000;

export interface BalancerPorts {
  /** where partners connect */
  listenPort: number;
  /** haproxy's stats page (loopback only), GET /haproxy-stats */
  statsPort: number;
  /** one server line each; `name` is the server's name in the stats page */
  instances: readonly { name: string; port: number }[];
}

/** How the test runs haproxy beside the README's recipe. */
export interface HaproxyConfigOptions {
  /**
   * false: no resending at all (`retries 0`, no redispatch, no L7 retries), so that a rolling restart without a
   * failed request proves the instances' drain, not haproxy's resends. Default true, as the README's recipe.
   */
  resends?: boolean;
}

/**
 * The haproxy config of a hosted sandbox. The health check reads GET /readyz: an instance is out when it does not
 * answer, or when it answers that it is draining (a SIGTERM: it still serves for --drain-delay, 5 s under --shared,
 * long enough for two failed checks 500 ms apart to take it out before its port closes). A 503 of /readyz for
 * the database keeps it in: the shared database is the same for every instance, and partners must get the API's
 * own 503 (in the operation's error shape, with Retry-After) rather than haproxy's error page.
 */
export function haproxyConfig(ports: BalancerPorts, options: HaproxyConfigOptions = {}): string {
  const resends = options.resends ?? true;
  const servers = ports.instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`);
  const retrying = [
    '  # a request that failed on one instance is sent again, up to 3 times, each time to another instance',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
  ];
  const postRule = [
    '  # POST is not safe to repeat (createSecretGroup, changePassword, terminateJob): resend it only when',
    '  # it never reached an instance (conn-failure), never after an instance may have acted on it',
    '  http-request disable-l7-retry if METH_POST',
  ];
  return [
    'global',
    '  log stdout format raw local0 info',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  # longer than the 30 s a sandbox keeps retrying a busy database, so a slow answer still arrives as the API\'s own',
    '  timeout server 40s',
    '  # a health check may take this long (without it, the 500 ms interval would be its limit)',
    '  timeout check 5s',
    ...(resends ? retrying : ['  # nothing is ever sent twice: what does not fail is the instances\' drain', '  retries 0']),
    '  # an instance is checked every 500 ms, out after 2 failed checks, back after 1 good one',
    '  default-server inter 500ms fall 2 rise 1',
    '',
    'frontend sandbox',
    `  bind 127.0.0.1:${ports.listenPort}`,
    `  default_backend ${BACKEND}`,
    '',
    `backend ${BACKEND}`,
    '  balance roundrobin',
    ...(resends ? postRule : []),
    '  # in while it answers and is not draining: 200, or 503 for the database (down for every instance alike)',
    '  option httpchk GET /readyz',
    '  http-check expect ! string draining',
    ...servers,
    '',
    'frontend stats',
    `  bind 127.0.0.1:${ports.statsPort}`,
    '  stats enable',
    '  stats uri /haproxy-stats',
    '',
  ].join('\n');
}

/** What haproxy's stats page says of one server of the backend. */
export interface ServerState {
  /** 'UP', 'DOWN', 'UP 1/2' (one failed check, going down), ... */
  status: string;
  /** the HTTP status of the last health check ('' when the last check got no HTTP answer) */
  lastCheckStatusCode: string;
  /** requests in flight on the server now */
  currentSessions: number;
}

export interface Haproxy {
  /** the frontend: what partners call */
  url: string;
  /** each server of the backend, by name */
  servers(): Promise<Record<string, ServerState>>;
  stop(): Promise<void>;
}

/** Throws, saying what to install, when haproxy is missing: the hosted test then fails, it never skips. */
export function checkHaproxyInstalled(): void {
  if (!existsSync(HAPROXY_BIN)) {
    throw new Error(`haproxy is not installed (no ${HAPROXY_BIN}): install Debian's \`haproxy\` package (apt-get install haproxy), as .ci/run does`);
  }
}

/** Starts haproxy in the foreground (-db) with `config`; resolves once its stats page answers. */
export async function startHaproxy(config: string, ports: BalancerPorts): Promise<Haproxy> {
  checkHaproxyInstalled();
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-haproxy-'));
  const configFile = path.join(dir, 'sandbox-haproxy.cfg');
  writeFileSync(configFile, config);
  try {
    await checkConfig(configFile);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const child = spawn(HAPROXY_BIN, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Kept for the message when it does not start (its log has one line per request, never a header).
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const statsUrl = `http://127.0.0.1:${ports.statsPort}/haproxy-stats;csv`;

  const stop = async () => {
    if (isRunning()) child.kill('SIGTERM');
    const stoppedInTime = await Promise.race([exited.then(() => true), delay(STOP_TIMEOUT_MS).then(() => false)]);
    if (!stoppedInTime) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const statsAnswer = async (): Promise<boolean> => {
    const res = await fetch(statsUrl).catch(() => undefined);
    return res?.ok === true;
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ready = await statsAnswer();
  while (!ready && isRunning() && Date.now() < deadline) {
    await delay(100);
    ready = await statsAnswer();
  }
  if (!ready) {
    await stop();
    throw new Error(`haproxy did not start (its stats page never answered):\n${output}`);
  }

  return {
    url: `http://127.0.0.1:${ports.listenPort}`,
    async servers() {
      const res = await fetch(statsUrl);
      return serversOf(await res.text());
    },
    stop,
  };
}

/** `haproxy -c`: a config mistake fails with haproxy's own message rather than as a balancer that never answers. */
async function checkConfig(configFile: string): Promise<void> {
  try {
    await run(HAPROXY_BIN, ['-c', '-f', configFile], { timeout: START_TIMEOUT_MS });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`haproxy refuses the config: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

/** The stats page as CSV: a header row (`# pxname,svname,...,status,...`), then one row per proxy and server. */
function serversOf(csv: string): Record<string, ServerState> {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const proxyColumn = columns.indexOf('pxname');
  const serverColumn = columns.indexOf('svname');
  const statusColumn = columns.indexOf('status');
  const checkCodeColumn = columns.indexOf('check_code');
  const sessionsColumn = columns.indexOf('scur');
  const servers: Record<string, ServerState> = {};
  for (const row of rows) {
    const cells = row.split(',');
    const isServerOfBackend = cells[proxyColumn] === BACKEND && cells[serverColumn] !== 'BACKEND';
    if (!isServerOfBackend) continue;
    servers[cells[serverColumn]!] = {
      status: cells[statusColumn]!,
      lastCheckStatusCode: cells[checkCodeColumn]!,
      currentSessions: Number(cells[sessionsColumn]),
    };
  }
  return servers;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
