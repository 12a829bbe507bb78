// The mock in its own process for the sandbox bench: stateless, or the sandbox in memory or on disk.
//   node bench/servers/sandbox-server.mjs stateless | memory | data <DIR>
// Prints one JSON line {"url", "token", "readyMs"} when listening (readyMs: since this process started,
// so it includes Node's start-up and the imports: the cold start a partner waits for). Exits on
// SIGTERM/SIGINT or when its stdin closes, so it never outlives the bench.
import { startMock } from '@vendor/api-mock';
import { stopWithBench } from './stop-with-bench.mjs';

const [mode, dir] = process.argv.slice(2);
const warn = (line) => process.stderr.write(`WARN ${line}\n`);
const options = { port: 0, host: '127.0.0.1', onWarning: warn };
let mock;
if (mode === 'stateless') mock = await startMock(options);
else if (mode === 'memory') mock = await startMock({ ...options, sandbox: { secret: 'bench-secret' } });
else if (mode === 'data' && dir) mock = await startMock({ ...options, sandbox: { secret: 'bench-secret', data: dir } });
else throw new Error(`usage: sandbox-server.mjs stateless | memory | data <DIR> (got ${process.argv.slice(2).join(' ')})`);
const readyMs = performance.now();
const token = 'token' in mock ? await mock.token('acme') : 'bench-token-0123456789';
process.stdout.write(`${JSON.stringify({ url: mock.url, token, readyMs })}\n`);

// A sandbox on disk may take a while to close its database.
stopWithBench(mock, 10_000);
