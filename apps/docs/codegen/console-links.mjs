// The one-click way between an operation of the reference and its console, both ways. The reference (Redoc,
// history router) names an operation `/<tag>/<operationid>`; the console (Scalar, hash router) names it
// `/console#tag/<tag>/<METHOD><path>`; both slug the tag the same way (lowercase words joined by `-`).

/** `MCP Servers` -> `mcp-servers` */
export function tagSlug(tag) {
  return tag.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** The operation's place in the console. */
export function consoleHref(op) {
  return `/console#tag/${tagSlug(op.tags[0] ?? 'default')}/${op.method.toUpperCase()}${op.path}`;
}

/** The operation's place in the reference. */
export function referenceHref(op) {
  return `/${tagSlug(op.tags[0] ?? 'default')}/${op.operationId.toLowerCase()}`;
}
