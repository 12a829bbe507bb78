#!/usr/bin/env node
// `npx @vendor/api-mcp`: reads the flags and the environment, then serves MCP over stdio or Streamable HTTP.
// Under stdio, stdout carries the protocol: everything else (the client's log, warnings, errors) goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '@vendor/api-client';
import packageJson from '../package.json' with { type: 'json' };
import { ConfigurationError, connect } from './api-connection.js';
import { readCliOptions, USAGE, UsageError, type CliOptions } from './cli-options.js';
import { createServerFactory } from './create-server.js';
import { isLoopbackHost } from './loopback.js';
import { tools as allTools } from './generated/tools.js';
import { selectTools, ToolSelectionError } from './tool-selection.js';

const say = (line: string) => process.stderr.write(`api-mcp: ${line}\n`);

/** Every level of the client's log to stderr (console.info and console.debug would write to stdout). */
const stderrLogger: Logger = {
  error: (message) => process.stderr.write(`${message}\n`),
  warn: (message) => process.stderr.write(`${message}\n`),
  info: (message) => process.stderr.write(`${message}\n`),
  debug: (message) => process.stderr.write(`${message}\n`),
};

async function main(): Promise<void> {
  const options = readCliOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (options.version) {
    process.stdout.write(`${packageJson.version}\n`);
    return;
  }
  const selection = { allowDestructive: options.allowDestructive, only: options.tools };
  const tools = selectTools(allTools, selection);
  const connection = await connect(process.env, { mock: options.mock, sandbox: options.sandbox, logger: stderrLogger });
  const { toolMode: mode, outputSchemas, showSecrets } = options;
  // One tool table, argument check and instructions for every session: an HTTP session costs only its own server.
  const { newServer } = createServerFactory({ connection, tools, showSecrets, selection, mode, outputSchemas });
  const how = mode === 'dynamic' ? `${tools.length} operations through 3 tools (--tools dynamic)` : `${tools.length} tools`;
  const served = `${how} against ${connection.describe}${showSecrets ? ', secrets shown' : ''}${outputSchemas ? ', with output schemas' : ''}`;
  if (options.http === undefined) return serveStdio(newServer, served);
  return serveStreamableHttp(newServer, options.http, served);
}

type NewServer = ReturnType<typeof createServerFactory>['newServer'];

async function serveStdio(newServer: NewServer, served: string): Promise<void> {
  const server = newServer();
  await server.connect(new StdioServerTransport());
  say(`serving ${served} over stdio`);
  // The host ends the session by closing our stdin.
  process.stdin.once('end', () => {
    server.close().finally(() => process.exit(0));
  });
}

async function serveStreamableHttp(newServer: NewServer, listen: NonNullable<CliOptions['http']>, served: string): Promise<void> {
  // Loaded only here: the HTTP transport brings Hono, a third of the start-up under stdio.
  const { serveHttp } = await import('./serve-http.js');
  const running = await serveHttp(newServer, listen);
  // On stdout: the one line a script or a test reads to find the server.
  process.stdout.write(`api-mcp: Streamable HTTP on ${running.url}\n`);
  say(`serving ${served}`);
  if (!isLoopbackHost(listen.host)) say(`warning: ${listen.host} is not loopback; anyone who reaches ${running.url} calls the API with your token`);
  const stop = () => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const isUserError = error instanceof UsageError || error instanceof ConfigurationError || error instanceof ToolSelectionError;
  if (isUserError) {
    say(error.message);
    if (error instanceof UsageError) say('see npx @vendor/api-mcp --help');
    process.exit(2);
  }
  // Ours, not the user's: one line, no stack (it could hold a path of the user's machine, never the token).
  say(`could not start: ${(error as Error)?.message ?? error}`);
  process.exit(1);
});
