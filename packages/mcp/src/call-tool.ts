// One tools/call: check the arguments, send the request through @vendor/api-client (its retries, time limits,
// typed errors and redaction), and answer with the body as structured content, or with a tool error that says
// what went wrong in the API's words: never a stack trace, never the token.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlatformApiError, PlatformError, type PlatformClient } from '@vendor/api-client';
import { redactAnswer } from './answer-secrets.js';
import type { CheckedTool } from './argument-check.js';
import type { ToolDescriptor } from './tool-descriptor.js';

/** What a call needs besides the tool and its arguments. */
export interface CallContext {
  client: PlatformClient;
  /** Checks arguments against the tool's input schema: one line per problem, none when they are valid. */
  checkArguments: (tool: CheckedTool, args: unknown) => Promise<string[]>;
  /** Whether the gateway's base URL is set (gateway tools cannot be sent without it). */
  hasGateway: boolean;
  /** `--show-secrets`: answers keep their secret values. */
  showSecrets: boolean;
  /** Replaces any secret we hold (the token) in a text before it leaves the server. */
  scrub: (text: string) => string;
  signal?: AbortSignal;
}

// Past this the text gives the start of the body only: the whole body is in the structured content.
const LONGEST_TEXT = 4_000;

export async function callTool(tool: ToolDescriptor, args: Record<string, unknown> | undefined, context: CallContext): Promise<CallToolResult> {
  const given = args ?? {};
  const problems = await context.checkArguments(tool, given);
  if (problems.length > 0) {
    return toolError(`Invalid arguments for ${tool.name}; nothing was sent:\n${problems.map((line) => `- ${line}`).join('\n')}`);
  }
  if (tool.addressSpace === 'gateway' && !context.hasGateway) {
    return toolError(`${tool.name} is a gateway operation: set VENDOR_API_GATEWAY_BASE_URL to the gateway's base URL; nothing was sent.`);
  }
  try {
    const method = context.client[tool.name as keyof PlatformClient] as unknown as { withResponse(init: object): Promise<Answer> };
    const answer = await method.withResponse({ ...requestInit(tool, given), signal: context.signal });
    return success(tool, answer, context);
  } catch (error) {
    return toolError(context.scrub(failureText(tool, error)));
  }
}

/** What `withResponse` resolves to. */
interface Answer {
  data: unknown;
  response: Response;
  requestId: string | null;
}

/** The client's `{ params: { path, query, header }, body }` from the flat arguments. */
function requestInit(tool: ToolDescriptor, args: Record<string, unknown>): { params: Record<string, Record<string, unknown>>; body?: unknown } {
  const params: Record<string, Record<string, unknown>> = { path: {}, query: {}, header: {} };
  for (const [name, value] of Object.entries(args)) {
    const location = tool.arguments[name];
    if (location !== undefined) params[location]![name] = value;
  }
  const hasBody = tool.hasBody && args.body !== undefined;
  return hasBody ? { params, body: args.body } : { params };
}

function success(tool: ToolDescriptor, answer: Answer, context: CallContext): CallToolResult {
  const body = context.showSecrets ? answer.data : redactAnswer(answer.data, tool.pageTokenAt);
  const requestId = answer.requestId === null ? '' : `, request id ${answer.requestId}`;
  const heading = `${tool.name}: ${answer.response.status}${requestId}.`;
  if (body === undefined) return { content: [{ type: 'text', text: `${heading} No body.` }] };
  const json = JSON.stringify(body);
  const shown = json.length > LONGEST_TEXT ? `${json.slice(0, LONGEST_TEXT)}… (${json.length} characters in all: the whole body is the structured content)` : json;
  const result: CallToolResult = { content: [{ type: 'text', text: context.scrub(`${heading}\n${shown}`) }] };
  // MCP wants structured content to be an object, and the output schema describes only that.
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  if (tool.outputSchema !== undefined && isObject) result.structuredContent = body as Record<string, unknown>;
  return result;
}

/**
 * The error's own words: the client's messages carry the status, the API's message and the request id, with
 * secrets redacted. Anything else is named by its kind, without its stack.
 */
function failureText(tool: ToolDescriptor, error: unknown): string {
  if (error instanceof PlatformApiError) {
    const lines = [error.message, `status: ${error.status}`];
    if (error.requestId !== undefined) lines.push(`request id: ${error.requestId}`);
    return lines.join('\n');
  }
  if (error instanceof PlatformError) return error.message;
  if (error instanceof SyntaxError) return `${tool.name}: the API answered with a body that is not JSON (${error.message})`;
  if (error instanceof Error && error.name === 'AbortError') return `${tool.name}: cancelled by the client`;
  const message = error instanceof Error ? error.message : String(error);
  return `${tool.name} failed: ${message}`;
}

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}
