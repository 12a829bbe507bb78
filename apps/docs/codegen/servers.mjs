// Names each operation's server where a reader looks first: the first line of its description, and for a
// gateway operation a **Gateway** badge beside its title and in the sidebar (the control plane is the
// default, so it gets no badge: a badge on every entry would say nothing). Redoc itself shows an operation's server only in a menu behind the path
// in the request panel, and its top-level Servers box lists only the document's (control-plane) servers.

/** The servers an operation is sent to: its own, else its path item's, else the document's (OpenAPI's rule). */
export function operationServers(document, pathItem, operation) {
  return operation.servers ?? pathItem.servers ?? document.servers ?? [];
}

export const GATEWAY_BADGE = 'Gateway';

/** Adds the badge and the description line to `operation` (in the docs document). */
export function presentServer(document, pathItem, operation, op) {
  const servers = operationServers(document, pathItem, operation);
  const urls = servers.map((s) => `\`${s.url}\``).join(' or ');
  const space = op.space === 'gateway' ? 'the gateway' : 'the control plane';
  const line = `**Server:** ${urls} (${space}).`;
  operation.description = operation.description ? `${line}\n\n${operation.description}` : line;
  if (op.space === 'gateway') operation['x-badges'] = [...(operation['x-badges'] ?? []), { name: GATEWAY_BADGE, position: 'after' }];
}
