// Our mock (@vendor/api-mock startMock) in its own process, without an access log, for the autocannon runs.
// Usage: node mock-server.mjs [--port N] (default 0: any free port). Prints one JSON line {"url": ...} when
// listening; exits on SIGTERM/SIGINT or when its stdin closes (the bench process went away), so it never
// outlives the bench.
import { startMock } from '@vendor/api-mock';
import { stopWithBench } from './stop-with-bench.mjs';

const portIndex = process.argv.indexOf('--port');
const port = portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0;
const mock = await startMock({ port, host: '127.0.0.1', onWarning: (line) => process.stderr.write(`WARN ${line}\n`) });
process.stdout.write(`${JSON.stringify({ url: mock.url })}\n`);
stopWithBench(mock, 3000);
