// Free loopback ports, for processes whose ports must be known before they start (Postgres, haproxy naming each
// instance's port in its config, an instance that must come back on the same port). Plain JavaScript, so that the
// Postgres starter (postgres-cluster.mjs), which the bench runs without a build, can use it too.
import { createServer } from 'node:net';

/** A loopback port free right now (the system may hand it out again once it is closed). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
