// The floor: a bare node:http server that answers every request with the same fixed JSON (the first example of an
// operation's success response, getTeam's unless --operation names another), reading the request body first.
// Nothing a mock can do is cheaper; our mock is measured against it, and the proxy section uses it as its upstream.
// Usage: node floor-server.mjs [--port N] [--operation ID] [--service-ms N]. Prints {"url": ...} when listening; exits on
// SIGTERM/SIGINT or when its stdin closes (the bench went away).
import { createServer } from 'node:http';
import { responseExample } from '../lib/spec.mjs';
import { stopWithBench } from './stop-with-bench.mjs';

function argument(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  return process.argv[index + 1];
}

const port = Number(argument('--port') ?? 0);
const body = Buffer.from(JSON.stringify(responseExample(argument('--operation') ?? 'getTeam').body));

// --service-ms N: answer N ms after the request ends, like a service doing its work (the proxy budget's upstream).
const serviceMs = Number(argument('--service-ms') ?? 0);

function answer(res) {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (serviceMs > 0) {
      setTimeout(() => answer(res), serviceMs);
      return;
    }
    answer(res);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
// Nothing to drain: drop the connections and exit.
stopWithBench({ close: async () => { server.close(); server.closeAllConnections(); } }, 3000);
