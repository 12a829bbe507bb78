import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeReply } from '../../src/server/node-exchange.js';

let server: Server | undefined;

/** A real node:http server whose every request is answered by `answer` through a NodeReply. */
async function serve(answer: (reply: NodeReply) => void): Promise<string> {
  server = createServer((_req, res) => answer(new NodeReply(res)));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

describe('NodeReply', () => {
  it('sends the headers set before the answer with it, and adds content-length when missing', async () => {
    const url = await serve((reply) => {
      reply.setHeader('x-request-id', 'req_1');
      reply.setHeader('Access-Control-Allow-Origin', 'https://app.example');
      reply.send(201, { 'content-type': 'application/json' }, '{"ok":true}');
    });
    const response = await fetch(url);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('content-length')).toBe('11');
    expect(await response.json()).toEqual({ ok: true });
  });

  it("lets the answer's own header win over one set before it, sent once", async () => {
    const url = await serve((reply) => {
      reply.setHeader('vary', 'Origin');
      reply.sendVerbatim(200, { vary: 'Accept', 'content-length': '2' }, new TextEncoder().encode('{}'));
    });
    const response = await fetch(url);
    expect(response.headers.get('vary')).toBe('Accept');
  });

  it('answers a failure 500 with the headers set before it (the request id)', async () => {
    const url = await serve((reply) => {
      reply.setHeader('x-request-id', 'req_2');
      reply.fail('{"statusCode":500}');
    });
    const response = await fetch(url);
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('req_2');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ statusCode: 500 });
  });
});
