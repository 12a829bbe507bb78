// `npx @vendor/api-mock --port 4010 [--host 127.0.0.1] [--spec bundle.json] [--cors-origin URL ... | --no-cors]`, the
// sandbox's and the test double's options (chaos mode, seed, journal size): the mock's flag table for the shared
// reader (flag-reader.ts), the rules between its flags, and the options they make.
import type { FaultOptions, LatencyOptions } from '../faults/chaos.js';
import type { CorsSetting } from '../core/cors.js';
import { COMMAND } from '../core/command-name.js';
import { givenAs, givenOfMode, helpText, readArgs, type FlagEnvironment, type FlagTable, type FromEnvironment, type GivenFlags } from './flag-reader.js';
import { readDuration, readTimeoutFlag, readFaultKinds, readJournalSize, readLatency, readLimit, readOrigins, readPoolSize, readRate, readSizeFlag } from './flag-values.js';
import { LISTEN_FLAGS } from './listen-flags.js';
import { readTenantsMode } from './tenancy-flags.js';
import type { TenantsMode } from '../sandbox/tenancy/token-standing.js';
import { checkObserveOptions, OBSERVE_FLAGS, OBSERVE_HELP, OBSERVE_USAGE, type ObserveCliOptions } from './observe-flags.js';

export interface CliOptions extends ObserveCliOptions {
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
  /** --database-pool N: the most Postgres connections this instance opens (default 10) */
  databasePool?: number;
  secret?: string;
  /** --signing-keys FILE: the JSON list of {kid, secret}, newest first (the secrets never on the command line) */
  signingKeys?: string;
  /** --admin-token-file FILE: the admin API's token */
  adminTokenFile?: string;
  /** --tenants open | provisioned */
  tenants?: TenantsMode;
  /** --tenant-ttl 7d: forget tenants idle for longer (checked here, read by the sandbox) */
  tenantTtl?: string;
  /** --shared: the limits of a hosted sandbox (--rate-limit 25 --max-records 1000 --max-tenant-bytes 10MB --tenant-ttl 7d) */
  shared?: true;
  /** --rate-limit N requests a second per tenant (0: none) */
  rateLimit?: number;
  /** --max-records N per tenant and record kind (0: none) */
  maxRecords?: number;
  /** --max-tenant-bytes SIZE, as typed (0: none) */
  maxTenantBytes?: string;
  /** --headers-timeout 10s / --request-timeout 60s, as typed (0: Node's defaults) */
  headersTimeout?: string;
  requestTimeout?: string;
  /** --max-connections N (0: no cap) */
  maxConnections?: number;
  /** --journal-bytes SIZE per tenant / --journal-total-bytes SIZE in all, as typed */
  journalBytes?: string;
  journalTotalBytes?: string;
  /** chaos mode: --faults RATE [--fault-kinds 503,reset] */
  faults?: FaultOptions;
  /** chaos mode: --latency MIN-MAX */
  latency?: LatencyOptions;
  /** --seed S: generated bodies and chaos mode are reproducible */
  seed?: string;
  /** --journal-size N (0 turns the journal off) */
  journalSize?: number;
  /** the options the environment gave (VENDOR_API_MOCK_*), by the variable, when it gave any: the banner says where the secret came from */
  fromEnvironment?: FromEnvironment;
}

export const USAGE = `Usage: ${COMMAND} [--port 4010] [--host 127.0.0.1] [--spec path/to/openapi.json]
                            [--cors-origin http://localhost:5173 ...] [--no-cors]
       ${COMMAND} --sandbox [--port 4010] [--host 127.0.0.1] [--data DIR | --database-url postgres://...] [--secret S]
                            [--database-pool 10] [--tenant-ttl 7d] [--signing-keys FILE] [--admin-token-file FILE] [--tenants open|provisioned]
       ${COMMAND} token --tenant NAME [--subject user:EMAIL] [--secret S | --signing-keys FILE [--kid K]] [--expires-in 1h]
       ${COMMAND} proxy --upstream URL [--gateway-upstream URL] [--strict] [--record DIR] [--report FILE]
  test double options (both modes):
       [--faults RATE [--fault-kinds 429,503,reset]] [--latency MIN-MAX] [--seed S] [--journal-size 1000]
       [--journal-bytes 8MiB] [--journal-total-bytes 64MiB]
${OBSERVE_USAGE}

Serves the Platform API's OpenAPI document: documented examples for valid requests,
validation errors in each operation's own error shape, 401 without a bearer token.
CORS is on for every origin; --cors-origin (repeatable, or comma-separated) allows only
the origins given, --no-cors sends no CORS headers.

--sandbox keeps state per tenant: what you create is what you read back. Tenants come from signed
tokens (the secret: --secret, else VENDOR_SANDBOX_SECRET, else a random one); it prints a token for
tenant acme at start, and \`${COMMAND} token\` prints more. Records live in memory, in memory and in
a data directory with --data DIR (survives restarts), or in Postgres with --database-url (shared by
instances; --database-pool N connections at most, default 10). --tenant-ttl 7d forgets tenants idle for longer; GET /_sandbox/health counts tenants.
--shared sets the limits of a sandbox hosted for many partners: --rate-limit 25 (requests a second per
tenant, reads and writes apart, bursts to 50; answered 429 with Retry-After), --max-records 1000 (per
tenant and record kind), --max-tenant-bytes 10MB, --tenant-ttl 7d, and for slow clients
--headers-timeout 10s, --request-timeout 60s and --max-connections 1000; each flag alone overrides its
default, 0 turns a limit off. Without --shared a local sandbox has no limits.
--signing-keys FILE (or VENDOR_SANDBOX_SIGNING_KEYS) holds a JSON list of {"kid", "secret"}, newest first: the
newest signs, every listed key verifies, so a key rotates by adding one in front and later removing the old.
With --database-url, --admin-token-file FILE (or VENDOR_SANDBOX_ADMIN_TOKEN) turns on the tenant admin API under
/_sandbox/admin/ (tenants, their limits and tokens, revocation, suspension, the audit); --tenants provisioned
serves only tenants created through it (default open: any valid token's tenant).

Faults: a request with \`Prefer: fault=503\` (or 429, 500, 502, 504, reset) gets that failure, with
\`Prefer: delay=MS\` it waits, with \`times=N, key=K\` only the first N requests carrying K fail.
--faults RATE (0 to 1) fails that fraction of all requests with --fault-kinds (default 429,503,reset);
--latency MIN-MAX delays each request; --seed S makes both, and generated bodies, reproducible.
GET /_mock/requests lists the last requests (--journal-size, default 1000; 0 turns it off), keeping
JSON bodies up to 16 KiB, at most --journal-bytes (default 8MiB) per tenant and --journal-total-bytes
(default 64MiB) in all.

${OBSERVE_HELP}`;

export const MOCK_FLAGS = {
  ...LISTEN_FLAGS,
  spec: { flag: '--spec', takes: 'value' },
  corsOrigins: { flag: '--cors-origin', takes: 'value', read: readOrigins, repeatable: true },
  noCors: { flag: '--no-cors', takes: 'nothing', ignoresValue: true },
  sandbox: { flag: '--sandbox', takes: 'nothing' },
  // The sandbox's own flags, in the order a refusal without --sandbox lists them.
  data: { flag: '--data', takes: 'value', mode: 'sandbox' },
  databaseUrl: { flag: '--database-url', takes: 'value', mode: 'sandbox' },
  databasePool: { flag: '--database-pool', takes: 'value', read: readPoolSize, mode: 'sandbox' },
  secret: { flag: '--secret', takes: 'value', mode: 'sandbox' },
  signingKeys: { flag: '--signing-keys', takes: 'value', mode: 'sandbox' },
  adminTokenFile: { flag: '--admin-token-file', takes: 'value', mode: 'sandbox' },
  tenants: { flag: '--tenants', takes: 'value', read: readTenantsMode, mode: 'sandbox' },
  tenantTtl: { flag: '--tenant-ttl', takes: 'value', read: readDuration, mode: 'sandbox' },
  shared: { flag: '--shared', takes: 'nothing', mode: 'sandbox' },
  rateLimit: { flag: '--rate-limit', takes: 'value', read: readLimit, mode: 'sandbox' },
  maxRecords: { flag: '--max-records', takes: 'value', read: readLimit, mode: 'sandbox' },
  maxTenantBytes: { flag: '--max-tenant-bytes', takes: 'value', read: readSizeFlag, mode: 'sandbox' },
  headersTimeout: { flag: '--headers-timeout', takes: 'value', read: readTimeoutFlag, mode: 'sandbox' },
  requestTimeout: { flag: '--request-timeout', takes: 'value', read: readTimeoutFlag, mode: 'sandbox' },
  maxConnections: { flag: '--max-connections', takes: 'value', read: readLimit, mode: 'sandbox' },
  faults: { flag: '--faults', takes: 'value', read: readRate },
  faultKinds: { flag: '--fault-kinds', takes: 'value', read: readFaultKinds },
  latency: { flag: '--latency', takes: 'value', read: readLatency },
  seed: { flag: '--seed', takes: 'value' },
  journalSize: { flag: '--journal-size', takes: 'value', read: readJournalSize },
  journalBytes: { flag: '--journal-bytes', takes: 'value', read: readSizeFlag },
  journalTotalBytes: { flag: '--journal-total-bytes', takes: 'value', read: readSizeFlag },
  ...OBSERVE_FLAGS,
} satisfies FlagTable;

/** What --help prints: the usage, then every flag beside its variable. */
export const MOCK_HELP = helpText(USAGE, MOCK_FLAGS);

type MockFlags = GivenFlags<typeof MOCK_FLAGS>;

export function parseCliArgs(argv: readonly string[], env: FlagEnvironment = process.env): CliOptions {
  const { help, given, fromEnvironment } = readArgs(argv, MOCK_FLAGS, USAGE, env);
  // The rules between flags, in the order their errors have always come.
  const cors = corsSetting(given);
  const chaos = faultOptions(given);
  checkSandboxOptions(given, fromEnvironment);
  checkObserveOptions(given);
  // The other flags are options of the same names.
  const { corsOrigins, noCors, faults, faultKinds, ...sameNames } = given;
  const hasEnvironment = Object.keys(fromEnvironment).length > 0;
  return { cors, help, ...sameNames, ...(chaos && { faults: chaos }), ...(hasEnvironment && { fromEnvironment }) };
}

function corsSetting(given: MockFlags): CorsSetting {
  const origins = given.corsOrigins?.flat() ?? [];
  const hasOrigins = origins.length > 0;
  if (given.noCors && hasOrigins) throw new Error('--no-cors and --cors-origin contradict each other: give one of them');
  if (given.noCors) return false;
  if (hasOrigins) return { origins };
  return true;
}

function faultOptions(given: MockFlags): FaultOptions | undefined {
  if (given.faultKinds !== undefined && given.faults === undefined) throw new Error('--fault-kinds needs --faults RATE (the fraction of requests that fail)');
  if (given.faults === undefined) return undefined;
  return { rate: given.faults, ...(given.faultKinds && { kinds: given.faultKinds }), ...(given.seed !== undefined && { seed: given.seed }) };
}

function checkSandboxOptions(given: MockFlags, fromEnvironment: FromEnvironment): void {
  const sandboxOnly = givenOfMode(MOCK_FLAGS, given, 'sandbox', fromEnvironment);
  const isOutsideSandbox = given.sandbox !== true && sandboxOnly.length > 0;
  if (isOutsideSandbox) throw new Error(`${sandboxOnly.join(', ')} only apply with --sandbox`);
  if (given.secret !== undefined && given.signingKeys !== undefined) {
    throw new Error('give either --secret (one key) or --signing-keys FILE (keys that rotate), not both');
  }
  const needsDatabase = given.adminTokenFile !== undefined ? '--admin-token-file' : given.tenants === 'provisioned' ? '--tenants provisioned' : undefined;
  if (needsDatabase !== undefined && given.databaseUrl === undefined) {
    throw new Error(`${needsDatabase} needs --database-url: tenants, revocations and the audit live in the shared database`);
  }
  if (given.data !== undefined && given.databaseUrl !== undefined) {
    throw new Error('give either --data DIR (one process, data kept in a directory) or --database-url URL (a Postgres server), not both');
  }
  // Checked here rather than as the flag is read: outside --sandbox, or beside --data, that is the error to name.
  if (given.databaseUrl !== undefined && !/^postgres(ql)?:\/\//i.test(given.databaseUrl)) {
    // Never repeat the URL: it may carry a password.
    throw new Error(`${givenAs(MOCK_FLAGS, 'databaseUrl', fromEnvironment)} must be a postgres:// or postgresql:// URL`);
  }
  if (given.databasePool !== undefined && given.databaseUrl === undefined) {
    throw new Error(`${givenAs(MOCK_FLAGS, 'databasePool', fromEnvironment)} needs --database-url (the pool is of Postgres connections)`);
  }
}
