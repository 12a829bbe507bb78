// Names each operation's server where a reader looks first: the first line of its description, and for a
// gateway operation a **Gateway** badge beside its title and in the sidebar (the control plane is the
// default, so it gets no badge: a badge on every entry would say nothing). Redoc itself shows an operation's server only in a menu behind the path
// in the request panel, and its top-level Servers box lists only the document's (control-plane) servers.
// Server descriptions are shown as plain text, so the docs drop their Markdown code spans.
import { HTTP_METHODS, resolveRef } from '@vendor/spec-model';
import { consoleHref } from './console-links.mjs';

export const GATEWAY_BADGE = 'Gateway';

/**
 * Adds the badge and the description line to `operation` (in the docs document). `op.servers` are the servers
 * the operation is sent to: its own, else its path item's, else the document's (OpenAPI's rule).
 */
export function presentServer(operation, op) {
  const urls = op.servers.map((s) => `\`${s.url}\``).join(' or ');
  const space = op.addressSpace === 'gateway' ? 'the gateway' : 'the control plane';
  const line = `**Server:** ${urls} (${space}). [Try it in the console](${consoleHref(op)})`;
  operation.description = operation.description ? `${line}\n\n${operation.description}` : line;
  if (op.addressSpace === 'gateway') operation['x-badges'] = [...(operation['x-badges'] ?? []), { name: GATEWAY_BADGE, position: 'after' }];
}

/**
 * Redoc shows a server's description as plain text (the Servers box of the introduction, an operation's server
 * menu), so a Markdown code span would show its backticks. The docs keep the words and drop the backticks.
 */
export function plainServerDescriptions(document) {
  for (const server of everyServer(document)) {
    if (typeof server.description === 'string') server.description = withoutCodeSpans(server.description);
  }
}

/** The document's servers, and those its path items and operations override them with. */
function everyServer(document) {
  const pathItems = Object.values(document.paths ?? {}).map((item) => resolveRef(document, item));
  const operations = pathItems.flatMap((item) => HTTP_METHODS.map((method) => item[method]).filter(Boolean));
  return [document, ...pathItems, ...operations].flatMap((owner) => owner.servers ?? []);
}

/** `base_url` is ... -> base_url is ... */
export function withoutCodeSpans(text) {
  return text.replace(/`([^`\n]+)`/g, '$1');
}
