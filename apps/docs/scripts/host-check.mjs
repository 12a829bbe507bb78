// Which Host headers the docs server answers: the names of this machine with the port it listens on, and the public
// host it is configured with (DOCS_PUBLIC_HOST, or the `publicHosts` option). Any other name is refused, so that a
// web page cannot reach the server (and the console's sandbox token) through a DNS name rebound to 127.0.0.1. The
// same rule as the MCP server's Streamable HTTP endpoint (packages/mcp/src/serve-http.ts), plus the public host.

/**
 * The Host headers a server bound to `port` answers, lower case: loopback names with the port, the address it is
 * bound to (unless a wildcard such as 0.0.0.0), and the public hosts.
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

export function isAllowedHost(hostHeader, allowed) {
  return typeof hostHeader === 'string' && allowed.has(hostHeader.toLowerCase());
}

/** DOCS_PUBLIC_HOST: one host or several, comma-separated. */
export function publicHostsFromEnv(env = process.env) {
  return (env.DOCS_PUBLIC_HOST ?? '').split(',').map((host) => host.trim()).filter(Boolean);
}

/**
 * Whether a request for the console's config (which carries the local sandbox's token under `npm start`) comes from a
 * page of this server's own origin, or from no page at all (a tool such as curl, on this machine: the Host check
 * already passed). A browser names the page's site in Sec-Fetch-Site and, on a cross-origin request, its Origin.
 */
export function isOwnPageOrTool(headers) {
  const site = headers['sec-fetch-site'];
  const fromOtherSite = typeof site === 'string' && site !== 'same-origin' && site !== 'none';
  if (fromOtherSite) return false;
  const origin = headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    return new URL(origin).host.toLowerCase() === String(headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}
