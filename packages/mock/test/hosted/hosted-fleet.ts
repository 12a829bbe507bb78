// A hosted sandbox as a platform team runs it, for the tests: a throwaway Postgres, instances of the sandbox on it
// (each in a process of its own, on a free port) and haproxy in front, started together and stopped in reverse.
// fleet.test.ts, hosted-sandbox.test.ts and rolling-restart.test.ts each run one.
import { vi } from 'vitest';
import { freePorts } from '../helpers/free-port.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { checkHaproxyInstalled, haproxyConfig, startHaproxy, type BalancerPorts, type Haproxy, type HaproxyConfigOptions } from './haproxy.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

/** Minutes: on a busy shared 2-core machine start-ups and health checks take long. */
export const WAIT = { timeout: 3 * 60_000, interval: 200 };

/** Polls until `read()` gives `expected` (expect.poll cannot run in beforeAll); the message says what it last gave. */
export async function waitUntil<T>(what: string, read: () => Promise<T> | T, expected: T): Promise<void> {
  await vi.waitFor(async () => {
    const actual = await read();
    if (actual !== expected) throw new Error(`waited for ${what} to be ${String(expected)}; it is ${String(actual)}`);
  }, WAIT);
}

export interface HostedFleetOptions {
  /** the instances' names, as haproxy's config names its servers */
  names: readonly string[];
  /** the tokens' signing secret, handed to the instances' environment only */
  secret: string;
  /** the flags every instance gets beside --sandbox, --port and --database-url */
  instanceFlags: readonly string[];
  haproxy?: HaproxyConfigOptions;
}

export interface HostedFleet {
  cluster: Cluster;
  balancer: Haproxy;
  ports: BalancerPorts;
  /** the running process of the instance of that name */
  instance(name: string): SandboxProcess;
  /** starts the instance of that name (again, after it stopped), on its port */
  startInstance(name: string): Promise<SandboxProcess>;
  /** haproxy's status of that instance: UP, DOWN, ... */
  serverStatus(name: string): Promise<string | undefined>;
  /** balancer, instances, database: each stopped whatever the others did */
  stop(): Promise<void>;
}

/** Resolves once haproxy counts every instance UP. A missing haproxy fails at once, naming the package to install. */
export async function startHostedFleet(options: HostedFleetOptions): Promise<HostedFleet> {
  checkHaproxyInstalled();
  const cluster = await startCluster();
  const [listenPort, statsPort, ...instancePorts] = await freePorts(2 + options.names.length);
  const ports: BalancerPorts = { listenPort: listenPort!, statsPort: statsPort!, instances: options.names.map((name, i) => ({ name, port: instancePorts[i]! })) };
  const running = new Map<string, SandboxProcess>();
  const startInstance = async (name: string) => {
    const port = ports.instances.find((server) => server.name === name)!.port;
    const started = await startSandboxProcess({ name, port, databaseUrl: cluster.url, secret: options.secret, extraArgs: options.instanceFlags });
    running.set(name, started);
    return started;
  };
  let balancer: Haproxy | undefined;
  const stop = async () => {
    await balancer?.stop().catch(() => {});
    for (const instance of running.values()) await instance.stop().catch(() => {});
    await cluster.destroy();
  };
  try {
    // Started together, as hosts start them: creating the schema and seeding must not trip over each other.
    await Promise.all(options.names.map(startInstance));
    balancer = await startHaproxy(haproxyConfig(ports, options.haproxy), ports);
  } catch (error) {
    await stop();
    throw error;
  }
  const started = balancer;
  const serverStatus = async (name: string) => (await started.servers())[name]?.status;
  for (const name of options.names) await waitUntil(`haproxy's status of instance ${name}`, () => serverStatus(name), 'UP');
  return { cluster, balancer: started, ports, instance: (name) => running.get(name)!, startInstance, serverStatus, stop };
}
