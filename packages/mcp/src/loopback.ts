/** Whether an address only this machine can reach: the HTTP server's Host check and the CLI's warning depend on it. */
export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost';
}
