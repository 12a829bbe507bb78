// A journal that stores its entries elsewhere (a fleet's, in its database) returns a promise from record(): the
// recording reply then holds the answer until the entry is stored, says it is answered meanwhile (no second answer
// can start), and the exchange's end waits for it. A journal in memory returns nothing and nothing is held.
import { describe, expect, it } from 'vitest';
import type { AnswerHeaders, IncomingRequest, Reply } from '../../src/core/exchange.js';
import { RecordingReply } from '../../src/journal/recording-reply.js';
import type { JournalSink } from '../../src/journal/recorded-exchange.js';

function transportReply() {
  const sent: Array<{ status: number; body: string }> = [];
  const reply: Reply = {
    setHeader() {},
    send(status: number, _headers: AnswerHeaders, body: Uint8Array | string) {
      sent.push({ status, body: String(body) });
    },
    sendVerbatim() {},
    stream: async () => {},
    reset() {},
    finished: async () => {},
    get done() {
      return sent.length > 0;
    },
    get status() {
      return sent[0]?.status ?? 0;
    },
  };
  return { reply, sent };
}

const request = { method: 'GET', target: '/x', headers: {}, hasBody: false } as unknown as IncomingRequest;

describe('the recording reply', () => {
  it('holds an answer until the journal has stored its entry', async () => {
    let stored!: () => void;
    const recorded: number[] = [];
    const sink: JournalSink = {
      record(_request, _ctx, status) {
        recorded.push(status);
        return new Promise<void>((resolve) => (stored = resolve));
      },
    };
    const { reply, sent } = transportReply();
    const recording = new RecordingReply(reply, sink, request, performance.now(), 'req_1');
    recording.send(200, {}, '{"ok":true}');
    expect(recorded).toEqual([200]);
    expect(sent, 'nothing goes out before the entry is stored').toEqual([]);
    expect(recording.done).toBe(true);
    expect(recording.status).toBe(200);
    const ended = recording.end();
    expect(ended).toBeInstanceOf(Promise);
    stored();
    await ended;
    expect(sent).toEqual([{ status: 200, body: '{"ok":true}' }]);
  });

  it('sends at once, and ends at once, when the journal keeps the entry in memory', () => {
    const sink: JournalSink = { record() {} };
    const { reply, sent } = transportReply();
    const recording = new RecordingReply(reply, sink, request, performance.now(), 'req_2');
    recording.send(404, {}, '{}');
    expect(sent).toHaveLength(1);
    expect(recording.end()).toBeUndefined();
  });
});
