// A bare node:http relay: forwards every request to --upstream over one keep-alive pool and pipes the answer back,
// checking nothing. It is the cost of one more HTTP hop, so proxy-latency.mjs can tell the hop from the validation.
// Usage: node relay-server.mjs --upstream URL [--port N]. Prints {"url": ...} when listening; exits on SIGTERM/SIGINT
// or when its stdin closes (the bench went away).
import { Agent, createServer, request } from 'node:http';
import { stopWithBench } from './stop-with-bench.mjs';

// Connection-level headers stay on their own hop (a proxy must not pass them on).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-connection']);

function argument(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  return process.argv[index + 1];
}

function endToEnd(headers) {
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

const upstreamArg = argument('--upstream');
if (upstreamArg === undefined) throw new Error('usage: relay-server.mjs --upstream URL [--port N]');
const upstream = new URL(upstreamArg);
const agent = new Agent({ keepAlive: true });

function relay(req, res) {
  const headers = { ...endToEnd(req.headers), host: upstream.host };
  const outgoing = request({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(res);
  });
  outgoing.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end('{"message":"upstream unreachable"}');
  });
  req.pipe(outgoing);
}

const server = createServer(relay);
server.keepAliveTimeout = 5_000;
server.listen(Number(argument('--port') ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
stopWithBench({ close: async () => { server.close(); server.closeAllConnections(); agent.destroy(); } }, 3000);
