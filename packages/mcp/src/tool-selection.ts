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
