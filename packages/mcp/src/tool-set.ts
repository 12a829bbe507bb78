// What a server serves, whatever the mode: the tools it lists, and how it answers a call to one of them.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallContext } from './call-tool.js';

export interface ToolSet {
  /** What tools/list answers. */
  listed: Tool[];
  /** Answers a tools/call; throws a protocol error for a name that is no tool of the set. */
  call(name: string, args: Record<string, unknown> | undefined, context: CallContext): Promise<CallToolResult>;
}

/** The two ways to serve the operations: one tool each, or three tools that list, describe and call them. */
export type ToolMode = 'static' | 'dynamic';

/**
 * A JSON-RPC error as the SDK's Server sends it: its `code`, and its message as it is. The SDK's McpError would
 * put "MCP error -32602: " into the message, and the client's McpError puts it there again.
 */
export class ProtocolError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}
