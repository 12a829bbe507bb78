// The floor: a bare node:http server that answers every request with the same fixed JSON (getTeam's first
// example), reading the request body first. Nothing a mock can do is cheaper; our mock is measured against it.
// Usage: node floor-server.mjs [--port N]. Prints {"url": ...} when listening; exits on SIGTERM/SIGINT or
// when its stdin closes (the bench went away).
import { createServer } from 'node:http';
import { responseExample } from '../lib/spec.mjs';
import { stopWithBench } from './stop-with-bench.mjs';

const portIndex = process.argv.indexOf('--port');
const port = portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0;
const body = Buffer.from(JSON.stringify(responseExample('getTeam').body));

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
// Nothing to drain: drop the connections and exit.
stopWithBench({ close: async () => { server.close(); server.closeAllConnections(); } }, 3000);
