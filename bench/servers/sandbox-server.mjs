// The mock in its own process for the sandbox bench: stateless, or the sandbox in memory, on disk or on Postgres;
// or a shared sandbox in memory (--shared), with its rate limit or (shared-quotas) with its quotas alone.
//   node bench/servers/sandbox-server.mjs stateless | memory | shared | shared-quotas | data <DIR> | postgres <URL> [RATE]
// (postgres with RATE: --rate-limit RATE, 0 for none; the fleet section, sandbox-fleet.mjs, runs both)
// Prints one JSON line {"url", "token", "readyMs"} when listening (readyMs: since this process started,
// so it includes Node's start-up and the imports: the cold start a partner waits for). Exits on
// SIGTERM/SIGINT or when its stdin closes, so it never outlives the bench.
// Every sandbox signs with the secret 'bench-secret', so the bench can mint any tenant's token itself.
import { startMock } from '@vendor/api-mock';
import { stopWithBench } from './stop-with-bench.mjs';

const USAGE = 'usage: sandbox-server.mjs stateless | memory | shared | shared-quotas | data <DIR> | postgres <URL> [RATE]';
const [mode, where, rate] = process.argv.slice(2);
const warn = (line) => process.stderr.write(`WARN ${line}\n`);
// BENCH_SANDBOX_JOURNAL_SIZE (a diagnosis, not a setting of any budget): the journal's size, 0 to turn it off.
const journalSize = process.env.BENCH_SANDBOX_JOURNAL_SIZE;
const options = { port: 0, host: '127.0.0.1', onWarning: warn, ...(journalSize !== undefined && journalSize !== '' && { journalSize: Number(journalSize) }) };
const secret = 'bench-secret';
const hasWhere = where !== undefined && where !== '';

/** The startMock options of a mode; the URL is not repeated in the error (it may hold a password). */
function optionsFor() {
  if (mode === 'stateless') return options;
  if (mode === 'memory') return { ...options, sandbox: { secret } };
  if (mode === 'shared') return { ...options, sandbox: { secret, shared: true } };
  // A flood of writes reaches the quotas in seconds only without the rate limit.
  if (mode === 'shared-quotas') return { ...options, sandbox: { secret, shared: true, rateLimit: 0 } };
  if (mode === 'data' && hasWhere) return { ...options, sandbox: { secret, data: where } };
  const hasRate = rate !== undefined && /^\d+$/.test(rate);
  if (mode === 'postgres' && hasWhere && hasRate) return { ...options, sandbox: { secret, databaseUrl: where, rateLimit: Number(rate) } };
  if (mode === 'postgres' && hasWhere) return { ...options, sandbox: { secret, databaseUrl: where } };
  throw new Error(`${USAGE} (got mode ${JSON.stringify(mode)}${hasWhere ? ' and an argument' : ' and no argument'})`);
}

const mock = await startMock(optionsFor());
const readyMs = performance.now();
const token = 'token' in mock ? await mock.token('acme') : 'bench-token-0123456789';
process.stdout.write(`${JSON.stringify({ url: mock.url, token, readyMs })}\n`);

// A sandbox on disk or on Postgres may take a while to close its database.
stopWithBench(mock, 10_000);
