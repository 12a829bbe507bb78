// Which Host headers a server bound on this machine answers: the names of this machine with the port it listens
// on, the address it is bound to, and any public host it is configured with. Any other name is refused, so that a
// web page cannot reach the server through a DNS name rebound to 127.0.0.1. One rule for the MCP server's
// Streamable HTTP endpoint (packages/mcp, bundled in) and the docs server (apps/docs/scripts/static-server.mjs).
// Plain .mjs with its types beside it: the docs server runs it without a build step.

/**
 * The Host headers a server bound to `port` answers, lower case: loopback names with the port, the address it is
 * bound to (unless a wildcard such as 0.0.0.0), and the public hosts.
 * @param {number} port
 * @param {readonly string[]} [publicHosts]
 * @param {string} [boundHost]
 * @returns {Set<string>}
 */
export function allowedHosts(port, publicHosts = [], boundHost = '127.0.0.1') {
  const names = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const isWildcard = boundHost === '0.0.0.0' || boundHost === '::';
  if (!isWildcard) names.push(boundHost.includes(':') ? `[${boundHost}]:${port}` : `${boundHost}:${port}`);
  for (const publicHost of publicHosts) names.push(...publicHostNames(publicHost));
  return new Set(names.map((name) => name.toLowerCase()));
}

/** A public host as configured, `docs.vendor.example` or `docs.vendor.example:8443`: with a port, only that one; without, the default ports too. */
function publicHostNames(publicHost) {
  const trimmed = publicHost.trim().toLowerCase();
  if (trimmed === '') return [];
  const hasPort = /:\d+$/.test(trimmed);
  if (hasPort) return [trimmed];
  return [trimmed, `${trimmed}:80`, `${trimmed}:443`];
}

/**
 * Whether a request's Host header is one of `allowed` (compared lower case); a missing header is not.
 * @param {unknown} hostHeader
 * @param {ReadonlySet<string>} allowed
 */
export function isAllowedHost(hostHeader, allowed) {
  return typeof hostHeader === 'string' && allowed.has(hostHeader.toLowerCase());
}
