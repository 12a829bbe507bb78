// The recording reply tells the journal of an answer before the answer goes out (so a test that awaits a response
// finds its request in the journal), with the operation's context once routing found it, status 0 for a dropped
// connection, and the transport's own state; nothing waits for the journal.
import { describe, expect, it } from 'vitest';
import type { AnswerHeaders, IncomingRequest, Reply } from '../../src/core/exchange.js';
import type { RequestContext } from '../../src/core/request-context.js';
import { RecordingReply } from '../../src/journal/recording-reply.js';
import type { JournalSink } from '../../src/journal/recorded-exchange.js';

function transportReply(log: string[]) {
  const sent: Array<{ status: number; body: string }> = [];
  let wasReset = false;
  const reply: Reply = {
    setHeader() {},
    send(status: number, _headers: AnswerHeaders, body: Uint8Array | string) {
      log.push(`sent ${status}`);
      sent.push({ status, body: String(body) });
    },
    sendVerbatim() {},
    stream: async () => {},
    reset() {
      log.push('reset');
      wasReset = true;
    },
    finished: async () => {},
    get done() {
      return sent.length > 0 || wasReset;
    },
    get status() {
      return sent[0]?.status ?? 0;
    },
  };
  return { reply, sent };
}

const request = { method: 'GET', target: '/x', headers: {}, hasBody: false } as unknown as IncomingRequest;

function recordingSink(log: string[]) {
  const contexts: Array<RequestContext | undefined> = [];
  const sink: JournalSink = {
    record(_request, ctx, status, _startedAt, requestId) {
      log.push(`recorded ${status} ${requestId}`);
      contexts.push(ctx);
    },
  };
  return { sink, contexts };
}

describe('the recording reply', () => {
  it('records the answer, with the routed context, before it sends it, and ends at once', () => {
    const log: string[] = [];
    const { sink, contexts } = recordingSink(log);
    const { reply, sent } = transportReply(log);
    const recording = new RecordingReply(reply, sink, request, performance.now(), 'req_1');
    const ctx = { op: { operationId: 'getTeam' } } as unknown as RequestContext;
    recording.routed(ctx);
    expect(recording.done).toBe(false);
    recording.send(200, {}, '{"ok":true}');
    expect(log).toEqual(['recorded 200 req_1', 'sent 200']);
    expect(contexts).toEqual([ctx]);
    expect(sent).toEqual([{ status: 200, body: '{"ok":true}' }]);
    expect([recording.done, recording.status]).toEqual([true, 200]);
    expect(recording.end()).toBeUndefined();
  });

  it('records a dropped connection as status 0, and an unrouted answer without a context', () => {
    const log: string[] = [];
    const { sink, contexts } = recordingSink(log);
    const { reply } = transportReply(log);
    new RecordingReply(reply, sink, request, performance.now(), 'req_2').reset();
    expect(log).toEqual(['recorded 0 req_2', 'reset']);
    expect(contexts).toEqual([undefined]);
  });
});
