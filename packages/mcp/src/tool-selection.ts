// Which tools a server lists: every tool, less the destructive ones unless they are allowed, or only those named.
import type { ToolDescriptor } from './tool-descriptor.js';

export interface ToolSelection {
  /** `--allow-destructive`: also the tools that delete, end or replace what cannot be had back. */
  allowDestructive?: boolean;
  /** `--tools id,id`: only these (operationIds). */
  only?: readonly string[];
}

/** A choice of tools that cannot be served: a name that is no tool, or a destructive tool without permission. */
export class ToolSelectionError extends Error {
  override name = 'ToolSelectionError';
}

/** The tools to serve, in the table's order. Throws a ToolSelectionError naming every name it cannot serve. */
export function selectTools(all: readonly ToolDescriptor[], selection: ToolSelection = {}): ToolDescriptor[] {
  const allowed = (tool: ToolDescriptor) => selection.allowDestructive === true || !tool.destructive;
  if (selection.only === undefined) return all.filter(allowed);

  const problems: string[] = [];
  for (const name of selection.only) {
    const tool = all.find((candidate) => candidate.name === name);
    if (tool === undefined) problems.push(`${name} is not a tool (known: ${all.map((t) => t.name).join(', ')})`);
    else if (!allowed(tool)) problems.push(`${name} is destructive: add --allow-destructive to serve it`);
  }
  if (problems.length > 0) throw new ToolSelectionError(problems.join('; '));
  return all.filter((tool) => selection.only!.includes(tool.name));
}

/**
 * Why a tool of the table is not among those served, for a call that names it anyway; undefined for a name that is
 * no tool at all. A destructive tool says which flag serves it, so that the agent can tell its user.
 */
export function whyNotServed(all: readonly ToolDescriptor[], name: string, selection: ToolSelection = {}): string | undefined {
  const tool = all.find((candidate) => candidate.name === name);
  if (tool === undefined) return undefined;
  if (tool.destructive && selection.allowDestructive !== true) {
    return `${name} exists but is destructive (it deletes, ends or replaces what cannot be had back), so this server does not serve it: it is served only when the server is started with --allow-destructive. Nothing was sent.`;
  }
  return `${name} exists but this server does not serve it: it was started with --tools naming other tools. Nothing was sent.`;
}
