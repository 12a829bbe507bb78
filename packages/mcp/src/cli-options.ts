// `npx @vendor/api-mcp [--mock [--sandbox]] [--allow-destructive] [--tools id,id|dynamic] [--output-schemas] [--show-secrets] [--http --port P [--host H]]`
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, type SessionLimits } from './session-registry.js';
import type { ToolMode } from './tool-set.js';

export const COMMAND = 'npx @vendor/api-mcp';

export const USAGE = `Usage: ${COMMAND} [--mock [--sandbox]] [--allow-destructive] [--tools id,id|dynamic] [--output-schemas] [--show-secrets]
       ${COMMAND} --http [--port 3000] [--host 127.0.0.1] [--max-sessions 1000] [--session-idle 30m] [same options]

An MCP server with one tool per operation of the Platform Control Plane and Gateway API, calling it through
@vendor/api-client. Serves MCP over stdio, or with --http over Streamable HTTP at http://HOST:PORT/mcp.

Environment:
  VENDOR_API_TOKEN             the API token (required unless --mock); never printed
  VENDOR_API_BASE_URL          the control plane's base URL (required unless --mock)
  VENDOR_API_GATEWAY_BASE_URL  the gateway's base URL (needed by the gateway tools)
  VENDOR_LOG                   what the client logs to stderr: off, error, warn (default), info, debug

Options:
  --mock               answer from the in-process mock of @vendor/api-mock (install it beside this package)
  --sandbox            with --mock: the mock's stateful sandbox, in memory: what a tool creates can be read back
  --allow-destructive  also serve the tools that delete, end or replace what cannot be had back
                       (deleteMlRepo, terminateJob, changePassword)
  --tools id,id        serve only these tools (operationIds)
  --tools dynamic      serve three tools instead of one per operation (list_operations, describe_operation,
                       call_operation): a tools/list of a few kB instead of tens
  --output-schemas     list each tool's output schema too (left out by default: they double tools/list)
  --show-secrets       keep secret values in answers (default: [REDACTED])
  --http               serve Streamable HTTP instead of stdio
  --port P             with --http: the port (default 3000; 0 picks a free one)
  --host H             with --http: the address (default 127.0.0.1; anyone who reaches it calls the API as you)
  --max-sessions N     with --http: sessions open at once (default 1000); past it the one idle longest is closed
  --session-idle D     with --http: close a session idle this long (default 30m; e.g. 90s, 10m, 2h)
  -h, --help           this text
  -v, --version        the version`;

export interface CliOptions {
  help: boolean;
  version: boolean;
  mock: boolean;
  sandbox: boolean;
  allowDestructive: boolean;
  tools: string[] | undefined;
  /** `--tools dynamic`: three tools that list, describe and call the operations. */
  toolMode: ToolMode;
  outputSchemas: boolean;
  showSecrets: boolean;
  http: { port: number; host: string; sessions: Required<SessionLimits> } | undefined;
}

/** A flag the server cannot run with; its message is for the user, followed by a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

// No operationId can be `dynamic` (tested): the spec's are verbs and nouns in camelCase (getTeam).
const DYNAMIC = 'dynamic';

/**
 * The server's flags, one entry per option: the flag, the kind node:util's parseArgs reads it as (its messages for
 * an unknown flag are what users have always seen), the rule its value is checked by and its default. The MCP server
 * has its own table: it may not depend on @vendor/api-mock, whose CLI tables are read by the mock's own reader.
 */
const MCP_FLAGS = {
  help: { flag: 'help', type: 'boolean', short: 'h' },
  version: { flag: 'version', type: 'boolean', short: 'v' },
  mock: { flag: 'mock', type: 'boolean' },
  sandbox: { flag: 'sandbox', type: 'boolean' },
  allowDestructive: { flag: 'allow-destructive', type: 'boolean' },
  tools: { flag: 'tools', type: 'string' },
  outputSchemas: { flag: 'output-schemas', type: 'boolean' },
  showSecrets: { flag: 'show-secrets', type: 'boolean' },
  http: { flag: 'http', type: 'boolean' },
  port: { flag: 'port', type: 'string', read: readPort, default: 3000 },
  host: { flag: 'host', type: 'string', read: readHost, default: '127.0.0.1' },
  maxSessions: { flag: 'max-sessions', type: 'string', read: readMaxSessions, default: DEFAULT_MAX_SESSIONS },
  sessionIdle: { flag: 'session-idle', type: 'string', read: readSessionIdle, default: DEFAULT_SESSION_IDLE_MS },
} as const satisfies Record<string, McpFlag>;

interface McpFlag {
  flag: string;
  type: 'boolean' | 'string';
  short?: string;
  /** Checks the text and returns the value, or throws a UsageError naming the flag and the rule. */
  read?: (text: string) => unknown;
  default?: unknown;
}

type Given = { [K in keyof typeof MCP_FLAGS]?: (typeof MCP_FLAGS)[K]['type'] extends 'boolean' ? boolean : string };

export function readCliOptions(argv: readonly string[]): CliOptions {
  const given = parseFlags(argv);
  checkNeeds(given);
  const toolText = given.tools?.trim();
  return {
    help: given.help === true,
    version: given.version === true,
    mock: given.mock === true,
    sandbox: given.sandbox === true,
    allowDestructive: given.allowDestructive === true,
    tools: toolText === undefined || toolText === DYNAMIC ? undefined : readToolList(given.tools!),
    toolMode: toolText === DYNAMIC ? 'dynamic' : 'static',
    outputSchemas: given.outputSchemas === true,
    showSecrets: given.showSecrets === true,
    http: given.http ? { port: valueOf('port', given), host: valueOf('host', given), sessions: { max: valueOf('maxSessions', given), idleMs: valueOf('sessionIdle', given) } } : undefined,
  };
}

/** The flags argv gave, by their options' names. */
function parseFlags(argv: readonly string[]): Given {
  const options = Object.fromEntries(Object.values(MCP_FLAGS).map((spec) => [spec.flag, { type: spec.type, ...('short' in spec && { short: spec.short }) }]));
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options }));
  } catch (error) {
    // parseArgs' messages name the flag ("Unknown option '--moc'"); its error codes are not for users.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  return Object.fromEntries(Object.entries(MCP_FLAGS).map(([name, spec]) => [name, values[spec.flag]])) as Given;
}

/** A flag given without the one it belongs to; named before any value is read, as it always was. */
function checkNeeds(given: Given): void {
  const httpOnly = (['port', 'host', 'maxSessions', 'sessionIdle'] as const).filter((name) => given[name] !== undefined);
  if (!given.http && httpOnly.length > 0) throw new UsageError(`--${MCP_FLAGS[httpOnly[0]!].flag} needs --http`);
  if (given.sandbox && !given.mock) throw new UsageError('--sandbox needs --mock (the sandbox is a mode of the in-process mock)');
}

/** A value flag's value: its text read by its rule, else its default. */
function valueOf<K extends 'port' | 'host' | 'maxSessions' | 'sessionIdle'>(name: K, given: Given): ReturnType<(typeof MCP_FLAGS)[K]['read']> {
  const spec = MCP_FLAGS[name];
  const text = given[name];
  if (typeof text !== 'string') return spec.default as ReturnType<(typeof MCP_FLAGS)[K]['read']>;
  return spec.read(text) as ReturnType<(typeof MCP_FLAGS)[K]['read']>;
}

function readToolList(text: string): string[] {
  const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new UsageError('--tools needs at least one tool name, e.g. --tools getTeam,getMcpServer');
  if (names.includes(DYNAMIC)) throw new UsageError(`--tools ${DYNAMIC} stands alone (it serves every operation through three tools): give it without tool names`);
  return names;
}

function readPort(text: string): number {
  const isPort = /^\d{1,5}$/.test(text) && Number(text) <= 65_535;
  if (!isPort) throw new UsageError(`--port must be a whole number from 0 to 65535 (got ${text})`);
  return Number(text);
}

function readHost(text: string): string {
  if (text.trim() === '') throw new UsageError('--host must not be empty');
  return text;
}

/** Sessions at once: 1 to 1,000,000 (each costs its own SDK server and transport). */
function readMaxSessions(text: string): number {
  const isCount = /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= 1_000_000;
  if (!isCount) throw new UsageError(`--max-sessions must be a whole number from 1 to 1000000 (got ${text})`);
  return Number(text);
}

const IDLE_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** An idle time such as 90s, 30m, 2h or 1d, from one second to 7 days, in milliseconds. */
function readSessionIdle(text: string): number {
  const match = /^(\d{1,6})(s|m|h|d)$/.exec(text);
  const ms = match === null ? NaN : Number(match[1]) * IDLE_UNITS_MS[match[2]!]!;
  const inRange = ms >= 1_000 && ms <= 7 * 86_400_000;
  if (!inRange) throw new UsageError(`--session-idle must be a duration from 1s to 7d such as 90s, 30m or 2h (got ${text})`);
  return ms;
}
