// Listening on a port, for the one HTTP server of the package (serve-http.ts).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Thrown when the port is taken; `port` says which, so a CLI can name its option. */
export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(`port ${port} on ${host} is already in use (EADDRINUSE)`);
    this.name = 'PortInUseError';
  }
}

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, host) : error);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/** The URL the server listens on, e.g. http://127.0.0.1:4010 (an IPv6 address in brackets). */
export function serverUrl(server: Server): string {
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${urlHost}:${address.port}`;
}
