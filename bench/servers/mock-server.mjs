// Our mock (@vendor/api-mock startMock) in its own process, without an access log, for the autocannon runs.
// Usage: node mock-server.mjs [--port N] [--journal-size N] [--metrics-port N] [--json-log FILE] (port default 0:
// any free port; --metrics-port 0 serves metrics on any free port; --json-log FILE writes the JSON log there). Without
// --journal-size the mock runs with its defaults, so the request journal is on (1,000 entries), as users get it.
// Prints one JSON line {"url": ...} when listening; exits on SIGTERM/SIGINT or when its stdin closes (the bench
// process went away), so it never outlives the bench.
import { openSync } from 'node:fs';
import { startMock } from '@vendor/api-mock';
import { stopWithBench } from './stop-with-bench.mjs';

function argument(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  return Number(process.argv[index + 1]);
}

const options = { port: argument('--port') ?? 0, host: '127.0.0.1', onWarning: (line) => process.stderr.write(`WARN ${line}\n`) };
const journalSize = argument('--journal-size');
// Only when asked: the default mock must be measured with the defaults, whatever they become.
if (journalSize !== undefined) options.journalSize = journalSize;
const metricsPort = argument('--metrics-port');
if (metricsPort !== undefined) options.metrics = { port: metricsPort };
const logIndex = process.argv.indexOf('--json-log');
if (logIndex >= 0) options.jsonLog = { destination: openSync(process.argv[logIndex + 1], 'w') };
const mock = await startMock(options);
process.stdout.write(`${JSON.stringify({ url: mock.url })}\n`);
stopWithBench(mock, 3000);
