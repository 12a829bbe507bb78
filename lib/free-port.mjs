import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 right now, for servers that must be told a port and cannot report one they bound. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
