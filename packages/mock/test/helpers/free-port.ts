// Free loopback ports, for processes whose ports must be known before they start (support/free-port.mjs), and
// several different ones at once.
import { freePort } from '../support/free-port.mjs';

export { freePort };

/** `count` different free ports: the system may hand out a port again once it is closed. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
