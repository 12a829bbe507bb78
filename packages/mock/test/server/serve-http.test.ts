import { afterEach, describe, expect, it } from 'vitest';
import { ANSWERED, type HandleRequest } from '../../src/pipeline/pipeline.js';
import { serveHttp, type HttpServing } from '../../src/server/serve-http.js';

let serving: HttpServing | undefined;

afterEach(async () => {
  await serving?.close();
  serving = undefined;
});

/** Answers every request 200 with its own method and target, at once (as a plain stateless request is). */
const echo: HandleRequest = (request, reply) => {
  reply.send(200, { 'content-type': 'application/json' }, JSON.stringify({ method: request.method, target: request.target }));
  return ANSWERED;
};

describe('serveHttp', () => {
  it('answers each of many concurrent requests on keep-alive connections with its own answer', async () => {
    serving = await serveHttp(echo, { port: 0, host: '127.0.0.1', drain: false });
    const targets = Array.from({ length: 50 }, (_, i) => `/items/${i}?page=${i % 3}`);
    const answers = await Promise.all(targets.map(async (target) => (await fetch(serving!.url + target)).json()));
    expect(answers).toEqual(targets.map((target) => ({ method: 'GET', target })));
  });

  it('in drain mode, still answers a request that arrived just before close()', async () => {
    let closing: Promise<void> | undefined;
    // `draining` is asked in node:http's request callback; the tick after it (before the pipeline runs) calls close().
    const closeAfterThisRequest = () => {
      process.nextTick(() => (closing ??= instance.close()));
      return false;
    };
    const slow: HandleRequest = async (_request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reply.send(200, { 'content-type': 'application/json' }, '{"answered":true}');
    };
    const instance = await serveHttp(slow, { port: 0, host: '127.0.0.1', drain: true, draining: closeAfterThisRequest });
    const response = await fetch(instance.url + '/last');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answered: true });
    await closing;
  });
});
