// Our mock (@vendor/api-mock startMock) in its own process, without an access log, for the autocannon runs.
// Usage: node mock-server.mjs [--port N] (default 0: any free port). Prints one JSON line {"url": ...} when
// listening; exits on SIGTERM/SIGINT or when its stdin closes (the bench process went away), so it never
// outlives the bench.
import { startMock } from '@vendor/api-mock';

const portIndex = process.argv.indexOf('--port');
const port = portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0;
const mock = await startMock({ port, host: '127.0.0.1', onWarning: (line) => process.stderr.write(`WARN ${line}\n`) });
process.stdout.write(`${JSON.stringify({ url: mock.url })}\n`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  const hard = setTimeout(() => process.exit(0), 3000);
  hard.unref();
  mock.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
