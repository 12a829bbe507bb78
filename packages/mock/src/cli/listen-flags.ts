// The flags of every command that listens (the mock and the proxy), with the same defaults for both: 127.0.0.1:4010.
import type { FlagTable } from './flag-reader.js';
import { readPort } from './flag-values.js';

export const LISTEN_FLAGS = {
  port: { flag: '--port', alias: '-p', takes: 'value', read: readPort, default: 4010 },
  host: { flag: '--host', takes: 'value', default: '127.0.0.1' },
} satisfies FlagTable;
