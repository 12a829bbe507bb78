// Starts the built bin (bin/api-mcp.mjs) as a process and connects the official SDK client to it, over stdio or
// Streamable HTTP, as an MCP host would. Readiness is the server's own signal (the initialize answer over stdio,
// the URL line over HTTP), never a fixed wait.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const BIN = fileURLToPath(new URL('../../bin/api-mcp.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export type TransportKind = 'stdio' | 'http';

export interface RunningMcp {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Everything the server wrote to stdout so far (over HTTP; over stdio stdout is the protocol). */
  stdout(): string;
  close(): Promise<void>;
}

/** Only what the server needs from the environment, plus `env`: no VENDOR_* of the machine running the tests. */
function serverEnvironment(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  return { ...base, ...env };
}

export function assertBuilt(): void {
  if (!existsSync(BUILT)) throw new Error('packages/mcp is not built: run `npx turbo run build --filter=@vendor/api-mcp` first');
}

export async function startMcp(kind: TransportKind, args: string[], env: Record<string, string> = {}): Promise<RunningMcp> {
  assertBuilt();
  if (kind === 'stdio') return startStdio(args, env);
  return startHttp(args, env);
}

async function startStdio(args: string[], env: Record<string, string>): Promise<RunningMcp> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], env: serverEnvironment(env), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'api-mcp-test', version: '0.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the stdio server did not start: ${(error as Error).message}\n${stderr}`);
  }
  return { client, stderr: () => stderr, stdout: () => '', close: () => client.close() };
}

async function startHttp(args: string[], env: Record<string, string>): Promise<RunningMcp> {
  const child = spawn(process.execPath, [BIN, '--http', '--port', '0', ...args], { env: serverEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const found = /Streamable HTTP on (http:\/\/\S+)/.exec(stdout);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the HTTP server exited (code ${code}) before it listened:\n${stderr}`)));
  });
  const client = new Client({ name: 'api-mcp-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    stderr: () => stderr,
    stdout: () => stdout,
    close: async () => {
      await client.close();
      await stopProcess(child);
    },
  };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs the bin to its end (for flags that make it exit): its exit code, stdout and stderr. */
export function runBin(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: serverEnvironment(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
    // A server that did start ends when its stdin closes.
    child.stdin.end();
  });
}
