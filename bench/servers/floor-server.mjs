// The floor: a bare node:http server that answers every request with the same fixed JSON (the first example of an
// operation's success response, with that response's status: getTeam's unless --operation names another), reading
// the request body first. Nothing a mock can do is cheaper; our mock's static GET is budgeted against it, and the
// proxy section uses it as its upstream.
// With --check-body OPERATION_ID it also parses each body and checks it with the mock's own precompiled validator
// of that operation's request body (body-check.mjs), answering 422 to a body that breaks it: the least a server
// that honours the contract must do for a PUT. Our mock's valid PUT is budgeted against this checked floor.
// With --request-id it also sends an `x-request-id` header as long as the mock's (the same value every time: the
// header's bytes and node:http's work for it, not the making of an id), so that it sends the very bytes our mock does.
// With --answer-in-check-phase it answers each request, once read to its end, in the check phase of the loop turn
// that read it (setImmediate), as our mock's server does (packages/mock/src/server/serve-http.ts): the batched floor, reported
// beside the plain one so that the mock's figure against the plain floor is not read as its work costing nothing.
// Usage: node floor-server.mjs [--port N] [--operation ID] [--service-ms N] [--check-body ID] [--request-id]
// [--answer-in-check-phase]. Prints {"url": ...}
// when listening; exits on SIGTERM/SIGINT or when its stdin closes (the bench went away).
import { createServer } from 'node:http';
import { responseExample } from '../lib/spec.mjs';
import { stopWithBench } from './stop-with-bench.mjs';

function argument(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  return process.argv[index + 1];
}

const port = Number(argument('--port') ?? 0);
const example = responseExample(argument('--operation') ?? 'getTeam');
const body = Buffer.from(JSON.stringify(example.body));
const successStatus = Number(example.status ?? 200);

// --service-ms N: answer N ms after the request ends, like a service doing its work (the proxy budget's upstream).
const serviceMs = Number(argument('--service-ms') ?? 0);

const checkedOperation = argument('--check-body');
// Loaded only when asked (it brings ajv and esbuild): the plain floor starts as bare as it answers.
const isBodyValid = checkedOperation === undefined ? undefined : await (await import('./body-check.mjs')).compileBodyCheck(checkedOperation);

// The mock's header is `req_`, 12 hex digits of the process and a counter in 8 base-36 digits
// (packages/mock/src/core/request-id.ts).
const REQUEST_ID = 'req_000000000000' + '00000001';
const sendsRequestId = process.argv.includes('--request-id');
const answersInCheckPhase = process.argv.includes('--answer-in-check-phase');
// Each delays the answer its own way; together one would be silently dropped.
if (answersInCheckPhase && serviceMs > 0) {
  process.stderr.write('floor-server: --answer-in-check-phase and --service-ms each set when the answer goes; give one of them\n');
  process.exit(2);
}

function answer(res, status) {
  if (sendsRequestId) res.writeHead(status, { 'x-request-id': REQUEST_ID, 'content-type': 'application/json', 'content-length': body.length });
  else res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

/** Reads the body whole, then answers 200, or 422 when --check-body finds it broken (an empty one is not JSON). */
function answerChecked(req, res) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    if (!isBodyValid(text)) {
      answer(res, 422);
      return;
    }
    answer(res, successStatus);
  });
}

/** Content-Length or Transfer-Encoding: a body follows (HTTP/1.1); a GET without them has nothing to check. */
const declaresBody = (req) => req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

const server = createServer((req, res) => {
  if (isBodyValid !== undefined && declaresBody(req)) {
    answerChecked(req, res);
    return;
  }
  req.resume();
  req.on('end', () => {
    if (answersInCheckPhase) {
      setImmediate(answer, res, successStatus);
      return;
    }
    if (serviceMs > 0) {
      setTimeout(() => answer(res, successStatus), serviceMs);
      return;
    }
    answer(res, successStatus);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
// Nothing to drain: drop the connections and exit.
stopWithBench({ close: async () => { server.close(); server.closeAllConnections(); } }, 3000);
