// The introduction's "Use the API from an agent" section (issue 34): the MCP server of @vendor/api-mcp, and the
// configuration an MCP host needs. Its own module, so that the rest of the introduction can change around it.
import { CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, TOKEN_ENV_VAR } from './constants.mjs';

const code = (text) => `\`${text}\``;

/** @param {Array<{ operationId: string }>} ops */
export function useFromAnAgent(ops) {
  const config = {
    mcpServers: {
      'platform-api': {
        command: 'npx',
        args: ['-y', '@vendor/api-mcp'],
        env: { [TOKEN_ENV_VAR]: '<your API token>', VENDOR_API_BASE_URL: CONTROL_PLANE_BASE_URL, VENDOR_API_GATEWAY_BASE_URL: GATEWAY_BASE_URL },
      },
    },
  };
  return `## Use the API from an agent
${code('@vendor/api-mcp')} is an MCP server with one tool per operation of this reference (${ops.length} operations), named by
its operationId, with the operation's description and its parameters and body as one input schema with the same rules
(${code('--output-schemas')} lists its response schema as the output schema too; ${code('--tools dynamic')} serves three
tools instead, which list, describe and call the operations). Calls go through ${code('@vendor/api-client')} (retries, time limits,
errors with the status, the API's message and the request id). MCP hosts that take an ${code('mcpServers')} block
(Claude Desktop, Cursor, Windsurf, Cline) run it over stdio:

\`\`\`json
${JSON.stringify(config, null, 2)}
\`\`\`

The token is read only from ${code(TOKEN_ENV_VAR)} and never appears in a tool's answer, error or log; secret values
in answers are redacted. Tools that delete, terminate or change credentials are served only with
${code('--allow-destructive')}. To rehearse without access, ${code('npx @vendor/api-mcp --mock')} answers from the
mock (with ${code('--sandbox')}, what a tool creates can be read back, under the examples' tenant ${code('acme')}; install ${code('@vendor/api-mock')} beside it), and
${code('--http --port 3000')} serves Streamable HTTP at ${code('http://127.0.0.1:3000/mcp')}.
`;
}
