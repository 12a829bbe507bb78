// The validation proxy (@vendor/api-mock startProxy) in its own process, in front of --upstream, for the proxy
// latency section. Usage: node proxy-server.mjs --upstream URL [--port N] [--strict] (port default 0: any free
// port; without --strict the proxy runs with its defaults, as users get it). Prints one JSON line {"url": ...}
// when listening; exits on SIGTERM/SIGINT or when its stdin closes, so it never outlives the bench.
import { startProxy } from '@vendor/api-mock';
import { stopWithBench } from './stop-with-bench.mjs';

function argument(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  return process.argv[index + 1];
}

const upstream = argument('--upstream');
if (upstream === undefined) throw new Error('usage: proxy-server.mjs --upstream URL [--port N] [--strict]');
const options = { upstream, port: Number(argument('--port') ?? 0), host: '127.0.0.1', onWarning: (line) => process.stderr.write(`WARN ${line}\n`) };
// Only when asked: the default proxy must be measured with the defaults, whatever they become.
if (process.argv.includes('--strict')) options.strict = true;
const proxy = await startProxy(options);
process.stdout.write(`${JSON.stringify({ url: proxy.url })}\n`);
stopWithBench(proxy, 3000);
