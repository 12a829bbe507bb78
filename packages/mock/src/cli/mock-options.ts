// Parses `npx @vendor/api-mock --port 4010 [--host 127.0.0.1] [--spec bundle.json] [--cors-origin URL ... | --no-cors]`
// and the test double's options (chaos mode, seed, journal size).
import { FAULT_KINDS, type FaultKind } from '../answers/prefer-header.js';
import type { FaultOptions, LatencyOptions } from '../faults/chaos.js';
import type { CorsSetting } from '../http/cors.js';
import { COMMAND } from './command-name.js';
import { readTenantTtl } from '../sandbox/tenant-ttl.js';
import { readFlags, readPort } from './flag-reader.js';

export interface CliOptions {
  port: number;
  host: string;
  spec?: string;
  /** true: every origin (default); { origins }: only those; false: no CORS headers */
  cors: CorsSetting;
  help: boolean;
  /** --sandbox: the stateful mode; --data, --database-url, --secret and --tenant-ttl belong to it */
  sandbox?: true;
  data?: string;
  databaseUrl?: string;
  secret?: string;
  /** --tenant-ttl 7d: forget tenants idle for longer (checked here, read by the sandbox) */
  tenantTtl?: string;
  /** chaos mode: --faults RATE [--fault-kinds 503,reset] */
  faults?: FaultOptions;
  /** chaos mode: --latency MIN-MAX */
  latency?: LatencyOptions;
  /** --seed S: generated bodies and chaos mode are reproducible */
  seed?: string;
  /** --journal-size N (0 turns the journal off) */
  journalSize?: number;
}

export const USAGE = `Usage: ${COMMAND} [--port 4010] [--host 127.0.0.1] [--spec path/to/openapi.json]
                            [--cors-origin http://localhost:5173 ...] [--no-cors]
       ${COMMAND} --sandbox [--port 4010] [--host 127.0.0.1] [--data DIR | --database-url postgres://...] [--secret S]
                            [--tenant-ttl 7d]
       ${COMMAND} token --tenant NAME [--subject user:EMAIL] [--secret S] [--expires-in 1h]
       ${COMMAND} proxy --upstream URL [--gateway-upstream URL] [--strict] [--record DIR] [--report FILE]
  test double options (both modes):
       [--faults RATE [--fault-kinds 429,503,reset]] [--latency MIN-MAX] [--seed S] [--journal-size 1000]

Serves the Platform API's OpenAPI document: documented examples for valid requests,
validation errors in each operation's own error shape, 401 without a bearer token.
CORS is on for every origin; --cors-origin (repeatable, or comma-separated) allows only
the origins given, --no-cors sends no CORS headers.

--sandbox keeps state per tenant: what you create is what you read back. Tenants come from signed
tokens (the secret: --secret, else VENDOR_SANDBOX_SECRET, else a random one); it prints a token for
tenant acme at start, and \`${COMMAND} token\` prints more. Records live in memory, in memory and in
a data directory with --data DIR (survives restarts), or in Postgres with --database-url (shared by
instances). --tenant-ttl 7d forgets tenants idle for longer; GET /_sandbox/health counts tenants.

Faults: a request with \`Prefer: fault=503\` (or 429, 500, 502, 504, reset) gets that failure, with
\`Prefer: delay=MS\` it waits, with \`times=N, key=K\` only the first N requests carrying K fail.
--faults RATE (0 to 1) fails that fraction of all requests with --fault-kinds (default 429,503,reset);
--latency MIN-MAX delays each request; --seed S makes both, and generated bodies, reproducible.
GET /_mock/requests lists the last requests (--journal-size, default 1000; 0 turns it off).`;

export function parseCliArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: 4010, host: '127.0.0.1', cors: true, help: false };
  const origins: string[] = [];
  let noCors = false;
  let faultRate: number | undefined;
  let faultKinds: FaultKind[] | undefined;
  for (const { flag, inline, value } of readFlags(argv)) {
    switch (flag) {
      case '--port':
      case '-p':
        options.port = readPort(value());
        break;
      case '--host':
        options.host = value();
        break;
      case '--spec':
        options.spec = value();
        break;
      case '--cors-origin':
        for (const origin of value().split(',').map((o) => o.trim()).filter(Boolean)) origins.push(checkOrigin(origin));
        break;
      case '--no-cors':
        noCors = true;
        break;
      case '--sandbox':
        if (inline !== undefined) throw new Error('--sandbox takes no value');
        options.sandbox = true;
        break;
      case '--data':
        options.data = value();
        break;
      case '--database-url':
        options.databaseUrl = value();
        break;
      case '--secret':
        options.secret = value();
        break;
      case '--tenant-ttl':
        options.tenantTtl = value();
        readTenantTtl(options.tenantTtl, '--tenant-ttl');
        break;
      case '--faults':
        faultRate = readRate(value());
        break;
      case '--fault-kinds':
        faultKinds = readFaultKinds(value());
        break;
      case '--latency':
        options.latency = readLatency(value());
        break;
      case '--seed':
        options.seed = value();
        break;
      case '--journal-size': {
        const raw = value();
        if (!/^\d{1,7}$/.test(raw)) throw new Error(`--journal-size must be a whole number of requests, 0 to turn the journal off (got ${raw})`);
        options.journalSize = Number(raw);
        break;
      }
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  if (noCors && origins.length > 0) throw new Error('--no-cors and --cors-origin contradict each other: give one of them');
  if (noCors) options.cors = false;
  if (origins.length > 0) options.cors = { origins };
  if (faultKinds !== undefined && faultRate === undefined) throw new Error('--fault-kinds needs --faults RATE (the fraction of requests that fail)');
  if (faultRate !== undefined) options.faults = { rate: faultRate, ...(faultKinds && { kinds: faultKinds }), ...(options.seed !== undefined && { seed: options.seed }) };
  checkSandboxOptions(options);
  return options;
}

function readRate(raw: string): number {
  const rate = Number(raw);
  const inRange = /^\d*\.?\d+$/.test(raw) && rate >= 0 && rate <= 1;
  if (!inRange) throw new Error(`--faults must be a fraction from 0 to 1, e.g. --faults 0.1 (got ${raw})`);
  return rate;
}

function readFaultKinds(raw: string): FaultKind[] {
  return raw.split(',').map((part) => {
    const kind = FAULT_KINDS.find((known) => known === part.trim().toLowerCase());
    if (kind === undefined) throw new Error(`--fault-kinds: ${part.trim()} is not a fault; use ${FAULT_KINDS.join(', ')}`);
    return kind;
  });
}

function readLatency(raw: string): LatencyOptions {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(raw);
  const min = match === null ? NaN : Number(match[1]);
  const max = match === null ? NaN : Number(match[2] ?? match[1]);
  const valid = match !== null && min <= max && max <= 120_000;
  if (!valid) throw new Error(`--latency must be MIN-MAX milliseconds with MIN <= MAX <= 120000, e.g. --latency 20-200 (got ${raw})`);
  return { min, max };
}

/** An origin is scheme://host[:port] with nothing after it: what browsers send in the Origin header. */
function checkOrigin(origin: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || parsed.origin !== origin) {
    throw new Error(`--cors-origin must be an origin like http://localhost:5173 (scheme, host and port only; got ${origin})`);
  }
  return origin;
}

function checkSandboxOptions(options: CliOptions): void {
  const sandboxOnly = [
    ['--data', options.data],
    ['--database-url', options.databaseUrl],
    ['--secret', options.secret],
    ['--tenant-ttl', options.tenantTtl],
  ].filter(([, value]) => value !== undefined);
  if (options.sandbox !== true && sandboxOnly.length > 0) {
    throw new Error(`${sandboxOnly.map(([flag]) => flag).join(', ')} only apply with --sandbox`);
  }
  if (options.data !== undefined && options.databaseUrl !== undefined) {
    throw new Error('give either --data DIR (one process, data kept in a directory) or --database-url URL (a Postgres server), not both');
  }
  if (options.databaseUrl !== undefined && !/^postgres(ql)?:\/\//i.test(options.databaseUrl)) {
    // Never repeat the URL: it may carry a password.
    throw new Error('--database-url must be a postgres:// or postgresql:// URL');
  }
}
