// How a tool reads in tools/list (and in describe_operation): its description, with the sandbox's tenant where it
// takes one; its input schema; its output schema only when asked (`--output-schemas`), as those are most of the
// list's size and the answer carries its body anyway.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { takesTenant, tenantNote } from './example-tenant.js';
import type { ToolDescriptor } from './tool-descriptor.js';

export interface Listing {
  /** List each tool's output schema (the success response's schema). */
  outputSchemas: boolean;
  /** The sandbox's tenant, when the server knows it: tools that take a tenantName say to pass it. */
  tenant?: string;
}

export function listedTool(tool: ToolDescriptor, listing: Listing): Tool {
  const tenant = listing.tenant;
  const description = tenant !== undefined && takesTenant(tool) ? `${tool.description}\n\n${tenantNote(tenant)}` : tool.description;
  const listed: Tool = {
    name: tool.name,
    title: tool.title,
    description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: tool.annotations,
  };
  if (listing.outputSchemas && tool.outputSchema !== undefined) listed.outputSchema = tool.outputSchema as Tool['outputSchema'];
  return listed;
}
