// What the docs server adds to the Host rule it shares with the MCP server (@vendor/host-check: the names of this
// machine with the port, the bound address, the public hosts): the public host it is configured with
// (DOCS_PUBLIC_HOST), and which requests for the console's config come from its own pages.

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
