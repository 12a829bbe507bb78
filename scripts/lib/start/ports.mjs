// Tells whether a port is free before anything is built, and words a taken port the same way everywhere.
import { createServer } from 'node:net';

/** Resolves true when `port` on `host` can be bound now (port 0 always can). */
export function isPortFree(port, host) {
  if (port === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The one line `npm start` prints for a taken port. */
export function portTakenLine(port, option) {
  return `npm start: port ${port} is already in use; choose another with ${option} <port>`;
}

export function isAddressInUse(error) {
  return error?.code === 'EADDRINUSE';
}
