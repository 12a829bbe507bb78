// Where the tools send their requests: the API (VENDOR_API_TOKEN, VENDOR_API_BASE_URL, VENDOR_API_GATEWAY_BASE_URL),
// or with `--mock` the in-process mock of @vendor/api-mock (`--sandbox`: its stateful sandbox), so that an agent
// can rehearse without access. Either way the calls go through @vendor/api-client.
import { createPlatformClient, type FetchFunction, type Logger, type PlatformClient, type TokenProvider } from '@vendor/api-client';
import { exampleTenantOf } from './example-tenant.js';
import { tools } from './generated/tools.js';

/** The environment variables the server reads (the names the client's README uses). */
export const ENVIRONMENT = {
  token: 'VENDOR_API_TOKEN',
  baseUrl: 'VENDOR_API_BASE_URL',
  gatewayBaseUrl: 'VENDOR_API_GATEWAY_BASE_URL',
} as const;

export interface ConnectionOptions {
  /** Serve against the in-process mock instead of the API. */
  mock?: boolean;
  /** With `mock`: the mock's stateful sandbox (in memory), so what a tool creates can be read back. */
  sandbox?: boolean;
  /** Where the client logs; stdout is the protocol's under stdio, so the CLI passes one that writes to stderr. */
  logger?: Logger;
  /** Called with the mock's own warnings. */
  onWarning?: (line: string) => void;
}

export interface ApiConnection {
  client: PlatformClient;
  hasGateway: boolean;
  /** The secrets this connection holds (the token), for scrubbing from any text that leaves the server. */
  secrets: () => readonly string[];
  /** What the server says it is talking to: `https://api.example.com`, `the in-process mock`. */
  describe: string;
  /** What answers: the API, the stateless mock (documented examples, nothing kept) or the sandbox (state kept). */
  answeredBy: 'api' | 'mock' | 'sandbox';
  /** In the sandbox with the server's own token: the tenant it names, which the agent must pass as `tenantName`. */
  tenant?: string;
}

/** A problem of the configuration: a missing or invalid variable, a missing package. Its message is for the user. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

// The mock answers any host: these only make the client's URLs absolute.
const MOCK_URL = 'http://mock.invalid';
// The stateless mock accepts any non-empty token.
const MOCK_TOKEN = 'mock-token';
// The sandbox's tenant for the server's own token: the one the tools' input examples name, so that each tool's
// own example answers (a gateway path names the tenant, and another tenant's session is a 404).
const SANDBOX_TENANT = exampleTenantOf(tools);

export async function connect(environment: Record<string, string | undefined>, options: ConnectionOptions = {}): Promise<ApiConnection> {
  if (options.sandbox && !options.mock) throw new ConfigurationError('--sandbox needs --mock (the sandbox is a mode of the in-process mock)');
  if (options.mock) return connectToMock(environment, options);
  return connectToApi(environment, options);
}

function connectToApi(environment: Record<string, string | undefined>, options: ConnectionOptions): ApiConnection {
  const token = environment[ENVIRONMENT.token];
  if (!token) throw new ConfigurationError(`${ENVIRONMENT.token} is not set: export your API token (or use --mock to rehearse against the in-process mock)`);
  const baseUrl = environment[ENVIRONMENT.baseUrl];
  if (!baseUrl) throw new ConfigurationError(`${ENVIRONMENT.baseUrl} is not set: export the control plane's base URL, e.g. https://api.vendor.example`);
  const gatewayBaseUrl = environment[ENVIRONMENT.gatewayBaseUrl] || undefined;
  const client = withVariableNames(() => createPlatformClient({ baseUrl, gatewayBaseUrl, token, logger: options.logger }));
  return { client, hasGateway: gatewayBaseUrl !== undefined, secrets: () => [token], describe: baseUrl, answeredBy: 'api' };
}

/** The client's checks of its options (a URL with credentials, say), said with the variables' names. */
function withVariableNames(create: () => PlatformClient): PlatformClient {
  try {
    return create();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const message = error.message.replace(/^gatewayBaseUrl\b/, ENVIRONMENT.gatewayBaseUrl).replace(/^baseUrl\b/, ENVIRONMENT.baseUrl);
    throw new ConfigurationError(message);
  }
}

async function connectToMock(environment: Record<string, string | undefined>, options: ConnectionOptions): Promise<ApiConnection> {
  const { createMockFetch } = await importMock();
  const onWarning = options.onWarning ?? ((line: string) => process.stderr.write(`[api-mock] ${line}\n`));
  // A token set in the environment is sent as it is: the sandbox checks it like the service would (one it did
  // not sign is refused with 401). Unset, the stateless mock gets any token and the sandbox one of its own.
  const given = environment[ENVIRONMENT.token] || undefined;
  let fetch: FetchFunction;
  let token: TokenProvider;
  if (options.sandbox) {
    const sandboxFetch = createMockFetch({ sandbox: {}, onWarning });
    fetch = sandboxFetch;
    // Asked before every request, so the sandbox's tokens (valid for a day) never run out on a long session.
    token = given ?? (() => sandboxFetch.token(SANDBOX_TENANT));
  } else {
    fetch = createMockFetch({ onWarning });
    token = given ?? MOCK_TOKEN;
  }
  const client = createPlatformClient({ baseUrl: MOCK_URL, gatewayBaseUrl: MOCK_URL, token, fetch, logger: options.logger });
  // With a token of the user's, the tenant is whichever it names: the server cannot read it.
  const tenant = options.sandbox && given === undefined ? SANDBOX_TENANT : undefined;
  const describe = options.sandbox ? `the in-process sandbox${tenant === undefined ? '' : ` (tenant ${tenant})`}` : 'the in-process mock';
  const connection: ApiConnection = { client, hasGateway: true, secrets: () => (given === undefined ? [] : [given]), describe, answeredBy: options.sandbox ? 'sandbox' : 'mock' };
  if (tenant !== undefined) connection.tenant = tenant;
  return connection;
}

type MockModule = typeof import('@vendor/api-mock/fetch');

/** @vendor/api-mock is an optional peer dependency: only `--mock` needs it, and it is much larger than the rest. */
async function importMock(): Promise<MockModule> {
  try {
    return await import('@vendor/api-mock/fetch');
  } catch (error) {
    const isMissing = (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || (error as { code?: string }).code === 'MODULE_NOT_FOUND';
    if (!isMissing) throw error;
    throw new ConfigurationError('--mock needs @vendor/api-mock: install it beside @vendor/api-mcp (npm install @vendor/api-mock), or run npx --package @vendor/api-mcp --package @vendor/api-mock vendor-api-mcp --mock');
  }
}
