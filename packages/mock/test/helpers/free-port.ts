// Free loopback ports, for processes whose ports must be known before they start (Postgres, haproxy naming
// each instance's port in its config, an instance that must come back on the same port).
import { createServer } from 'node:net';

/** A loopback port free right now (the system may hand it out again once it is closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `count` different free ports: the system may hand out a port again once it is closed. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
