/**
 * The Host headers a server bound to `port` answers, lower case: loopback names with the port, the address it is
 * bound to (unless a wildcard such as 0.0.0.0), and the public hosts.
 */
export function allowedHosts(port: number, publicHosts?: readonly string[], boundHost?: string): Set<string>;
/** Whether a request's Host header is one of `allowed` (compared lower case); a missing header is not. */
export function isAllowedHost(hostHeader: unknown, allowed: ReadonlySet<string>): boolean;
