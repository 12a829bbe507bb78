// `npx @vendor/api-mcp [--mock [--sandbox]] [--allow-destructive] [--tools id,id|dynamic] [--output-schemas] [--show-secrets] [--http --port P [--host H]]`
import { parseArgs } from 'node:util';
import type { ToolMode } from './tool-set.js';

export const COMMAND = 'npx @vendor/api-mcp';

export const USAGE = `Usage: ${COMMAND} [--mock [--sandbox]] [--allow-destructive] [--tools id,id|dynamic] [--output-schemas] [--show-secrets]
       ${COMMAND} --http [--port 3000] [--host 127.0.0.1] [same options]

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
  http: { port: number; host: string } | undefined;
}

/** A flag the server cannot run with; its message is for the user, followed by a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

// No operationId can be `dynamic` (tested): the spec's are verbs and nouns in camelCase (getTeam).
const DYNAMIC = 'dynamic';

export function readCliOptions(argv: readonly string[]): CliOptions {
  const { values } = parseFlags(argv);
  const httpOnly = ['port', 'host'].filter((name) => values[name as 'port' | 'host'] !== undefined);
  if (!values.http && httpOnly.length > 0) throw new UsageError(`--${httpOnly[0]} needs --http`);
  if (values.sandbox && !values.mock) throw new UsageError('--sandbox needs --mock (the sandbox is a mode of the in-process mock)');
  return {
    help: values.help === true,
    version: values.version === true,
    mock: values.mock === true,
    sandbox: values.sandbox === true,
    allowDestructive: values['allow-destructive'] === true,
    tools: values.tools === undefined || values.tools.trim() === DYNAMIC ? undefined : readToolList(values.tools),
    toolMode: values.tools?.trim() === DYNAMIC ? 'dynamic' : 'static',
    outputSchemas: values['output-schemas'] === true,
    showSecrets: values['show-secrets'] === true,
    http: values.http ? { port: readPort(values.port), host: readHost(values.host) } : undefined,
  };
}

function parseFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        mock: { type: 'boolean' },
        sandbox: { type: 'boolean' },
        'allow-destructive': { type: 'boolean' },
        tools: { type: 'string' },
        'output-schemas': { type: 'boolean' },
        'show-secrets': { type: 'boolean' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
      },
    });
  } catch (error) {
    // parseArgs' messages name the flag ("Unknown option '--moc'"); its error codes are not for users.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

function readToolList(text: string): string[] {
  const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new UsageError('--tools needs at least one tool name, e.g. --tools getTeam,getMcpServer');
  if (names.includes(DYNAMIC)) throw new UsageError(`--tools ${DYNAMIC} stands alone (it serves every operation through three tools): give it without tool names`);
  return names;
}

function readPort(text: string | undefined): number {
  if (text === undefined) return 3000;
  const isPort = /^\d{1,5}$/.test(text) && Number(text) <= 65_535;
  if (!isPort) throw new UsageError(`--port must be a whole number from 0 to 65535 (got ${text})`);
  return Number(text);
}

function readHost(text: string | undefined): string {
  if (text === undefined) return '127.0.0.1';
  if (text.trim() === '') throw new UsageError('--host must not be empty');
  return text;
}
