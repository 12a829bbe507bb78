// The flags of every command that listens (the mock and the proxy), with the same defaults for both.
import type { FlagTable, GivenFlags } from './flag-reader.js';
import { readPort } from './flag-values.js';

export const LISTEN_FLAGS = {
  port: { flag: '--port', alias: '-p', takes: 'value', read: readPort },
  host: { flag: '--host', takes: 'value' },
} satisfies FlagTable;

/** Where to listen: the flags given, else 127.0.0.1:4010. */
export function listenOptions(given: GivenFlags<typeof LISTEN_FLAGS>): { port: number; host: string } {
  return { port: given.port ?? 4010, host: given.host ?? '127.0.0.1' };
}
