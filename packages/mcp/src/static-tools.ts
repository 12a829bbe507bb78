// One tool per operation (the default): each listed with its description and input schema, called by its name.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './call-tool.js';
import { listedTool, type Listing } from './listed-tools.js';
import type { ToolDescriptor } from './tool-descriptor.js';
import { ProtocolError, toolError, type ToolSet } from './tool-set.js';

/**
 * `whyNotServed(name)` explains a call to an operation left out (destructive without the flag, or not in --tools):
 * a tool error the model reads. A name that is no operation is a protocol error, as the SDK's servers answer.
 */
export function staticToolSet(tools: readonly ToolDescriptor[], listing: Listing, whyNotServed: (name: string) => string | undefined): ToolSet {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    listed: tools.map((tool) => listedTool(tool, listing)),
    async call(name, args, context) {
      const tool = byName.get(name);
      if (tool !== undefined) return callTool(tool, args, context);
      const reason = whyNotServed(name);
      if (reason === undefined) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool ${name}: tools/list names the tools served`);
      return toolError(reason);
    },
  };
}
