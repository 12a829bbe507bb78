// Section 1: per-call cost of raw fetch, bare openapi-fetch and @vendor/api-client, side by side.
//
// Two modes, each in this one process:
// - http: a node:http server in this process on 127.0.0.1 (port 0) serves the spec's examples;
// - stub: `fetch` is replaced by a function returning a prebuilt Response (no network), which isolates
//   the client's own cost. Responses are built before each batch, outside the timed region.
// Variants x methods (GET getTeam, PUT createOrUpdateMcpServer with the `remote` body) run round-robin in
// small batches with a rotating order, after a warm-up, so drift on a noisy machine hits all alike.
// Every call is timed on its own (performance.now()); medians, p90 and means are in microseconds.
import { createServer } from 'node:http';
import { deepStrictEqual } from 'node:assert/strict';
import createClient from 'openapi-fetch';
import { createPlatformClient } from '@vendor/api-client';
import { findOperation, requestExample, responseExample, parameters, parameterExample } from './lib/spec.mjs';
import { ratio, summarize, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const TOKEN = 'bench-token-0123456789';
// api-client+hooks: one no-op hook of each kind (issue 23), reported beside the budgeted api-client (no hooks).
const VARIANTS = ['fetch', 'openapi-fetch', 'api-client', 'api-client+hooks', 'api-client.raw'];
const NO_OP_HOOKS = { onRequest() {}, onResponse() {}, onRetry() {}, onError() {} };
const METHODS = ['get', 'put'];

function fixtures() {
  const get = findOperation('getTeam');
  const idParam = parameters(get).find((p) => p.in === 'path' && p.name === 'id');
  const id = String(parameterExample(idParam));
  const put = findOperation('createOrUpdateMcpServer');
  const body = requestExample('createOrUpdateMcpServer', 'remote');
  const getResponse = responseExample('getTeam');
  const putResponse = responseExample('createOrUpdateMcpServer');
  return {
    id,
    body,
    getPath: get.path, // /api/svc/v1/teams/{id}
    getUrlPath: get.path.replace('{id}', encodeURIComponent(id)),
    putPath: put.path, // /api/svc/v1/mcp
    getResponse: { status: getResponse.status, text: JSON.stringify(getResponse.body), json: getResponse.body },
    putResponse: { status: putResponse.status, text: JSON.stringify(putResponse.body), json: putResponse.body },
  };
}

function startLocalServer(fx) {
  const getBytes = Buffer.from(fx.getResponse.text);
  const putBytes = Buffer.from(fx.putResponse.text);
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === fx.getUrlPath) {
        res.writeHead(fx.getResponse.status, { 'content-type': 'application/json', 'content-length': getBytes.length });
        res.end(getBytes);
      } else if (req.method === 'PUT' && req.url === fx.putPath && Buffer.concat(chunks).length > 0) {
        res.writeHead(fx.putResponse.status, { 'content-type': 'application/json', 'content-length': putBytes.length });
        res.end(putBytes);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"statusCode":404,"message":"not found"}');
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** The calls of one mode: calls[variant][method]() -> Promise<parsed body>. */
function makeCalls(fx, baseUrl, fetchImpl) {
  const f = fetchImpl ?? globalThis.fetch;
  const bare = createClient({ baseUrl, headers: { authorization: `Bearer ${TOKEN}` }, ...(fetchImpl && { fetch: fetchImpl }) });
  const platform = createPlatformClient({
    baseUrl,
    gatewayBaseUrl: baseUrl,
    token: TOKEN,
    ...(fetchImpl && { fetch: fetchImpl }),
  });
  const hooked = createPlatformClient({
    baseUrl,
    gatewayBaseUrl: baseUrl,
    token: TOKEN,
    hooks: NO_OP_HOOKS,
    ...(fetchImpl && { fetch: fetchImpl }),
  });
  const raw = platform.raw.controlPlane;
  const getUrl = baseUrl + fx.getUrlPath;
  const putUrl = baseUrl + fx.putPath;
  const params = { path: { id: fx.id } };
  const unwrap = ({ data, error, response }) => {
    if (error !== undefined || !response.ok) throw new Error(`HTTP ${response.status}`);
    return data;
  };
  return {
    fetch: {
      get: async () => {
        const res = await f(getUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json();
      },
      put: async () => {
        const res = await f(putUrl, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(fx.body),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json();
      },
    },
    'openapi-fetch': {
      get: async () => unwrap(await bare.GET(fx.getPath, { params })),
      put: async () => unwrap(await bare.PUT(fx.putPath, { body: fx.body })),
    },
    'api-client': {
      get: () => platform.getTeam({ params }),
      put: () => platform.createOrUpdateMcpServer({ body: fx.body }),
    },
    'api-client+hooks': {
      get: () => hooked.getTeam({ params }),
      put: () => hooked.createOrUpdateMcpServer({ body: fx.body }),
    },
    'api-client.raw': {
      get: async () => unwrap(await raw.GET(fx.getPath, { params })),
      put: async () => unwrap(await raw.PUT(fx.putPath, { body: fx.body })),
    },
  };
}

/** A fetch that never touches the network: each call takes the next prebuilt Response of its method. */
function makeStub(fx) {
  const queues = { get: [], put: [] };
  const bytes = { get: new TextEncoder().encode(fx.getResponse.text), put: new TextEncoder().encode(fx.putResponse.text) };
  const status = { get: fx.getResponse.status, put: fx.putResponse.status };
  const build = (method) =>
    new Response(bytes[method], { status: status[method], headers: { 'content-type': 'application/json' } });
  const stub = (input, init) => {
    const method = String(init?.method ?? (typeof input === 'object' ? input.method : undefined) ?? 'GET').toUpperCase();
    const key = method === 'PUT' ? 'put' : 'get';
    return Promise.resolve(queues[key].pop() ?? build(key));
  };
  return {
    stub,
    /** Prebuilds `count` responses for the next batch of `method` (outside the timed region). */
    prepare(method, count) {
      const q = queues[method];
      q.length = 0;
      for (let i = 0; i < count; i++) q.push(build(method));
    },
  };
}

async function measureMode({ calls, prepare, fx, count, warmup, batch }) {
  // Correctness first: every variant returns the example body.
  for (const variant of VARIANTS) {
    for (const method of METHODS) {
      prepare?.(method, 1);
      const result = await calls[variant][method]();
      deepStrictEqual(result, method === 'get' ? fx.getResponse.json : fx.putResponse.json, `${variant} ${method}`);
    }
  }
  const units = VARIANTS.flatMap((variant) => METHODS.map((method) => ({ variant, method })));
  const samples = new Map(units.map((u) => [`${u.variant}|${u.method}`, []]));

  const rounds = async (total, record) => {
    const roundsNeeded = Math.ceil(total / batch);
    for (let r = 0; r < roundsNeeded; r++) {
      const size = Math.min(batch, total - r * batch);
      for (let k = 0; k < units.length; k++) {
        const { variant, method } = units[(k + r) % units.length]; // rotating start
        const fn = calls[variant][method];
        const bucket = samples.get(`${variant}|${method}`);
        prepare?.(method, size);
        for (let i = 0; i < size; i++) {
          const t0 = performance.now();
          await fn();
          const dt = performance.now() - t0;
          if (record) bucket.push(dt * 1000); // µs
        }
      }
    }
  };
  await rounds(warmup, false);
  const started = performance.now();
  await rounds(count, true);
  const seconds = (performance.now() - started) / 1000;

  const stats = {};
  const ratios = {};
  for (const method of METHODS) {
    stats[method] = {};
    for (const variant of VARIANTS) {
      const s = summarize(samples.get(`${variant}|${method}`));
      stats[method][variant] = { n: s.n, medianUs: round(s.median), p90Us: round(s.p90), meanUs: round(s.mean) };
    }
    ratios[method] = {};
    const base = stats[method].fetch.medianUs;
    const of = stats[method]['openapi-fetch'].medianUs;
    for (const variant of VARIANTS) {
      const m = stats[method][variant].medianUs;
      ratios[method][variant] = {
        vsFetch: ratio(m, base),
        vsOpenapiFetch: ratio(m, of),
        overheadVsOpenapiFetchUs: round(m - of),
      };
    }
  }
  return { callsPerVariantAndMethod: count, warmupPerVariantAndMethod: warmup, batch, seconds: round(seconds, 1), stats, ratios };
}

export async function run(settings) {
  const cfg = settings.client;
  const fx = fixtures();
  const result = {
    variants: {
      fetch: 'globalThis.fetch (undici) + res.json()',
      'openapi-fetch': 'openapi-fetch 0.17 createClient().GET/PUT, bearer header as a default header',
      'api-client': '@vendor/api-client createPlatformClient(): platform.getTeam() / platform.createOrUpdateMcpServer()',
      'api-client+hooks': 'the same with hooks: one no-op onRequest, onResponse, onRetry and onError',
      'api-client.raw': '@vendor/api-client platform.raw.controlPlane.GET/PUT (openapi-fetch + auth middleware)',
    },
    operations: { get: `GET ${fx.getUrlPath}`, put: `PUT ${fx.putPath} (request example "remote", ${JSON.stringify(fx.body).length} B)` },
  };

  const server = await startLocalServer(fx);
  try {
    result.http = await measureMode({
      calls: makeCalls(fx, server.url),
      fx,
      count: cfg.httpCalls,
      warmup: cfg.warmupHttp,
      batch: cfg.batch,
    });
  } finally {
    await server.close();
  }

  const { stub, prepare } = makeStub(fx);
  result.stub = await measureMode({
    calls: makeCalls(fx, 'http://127.0.0.1:9', stub), // never contacted
    prepare,
    fx,
    count: cfg.stubCalls,
    warmup: cfg.warmupStub,
    batch: cfg.batch,
  });
  return result;
}

if (isMain(import.meta.url)) await writeSectionResult(run);
