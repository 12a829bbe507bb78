// sendRouteAnswer: whatever fails while working out or sending a route's answer ends as a 500 and a warning,
// never as an unhandled rejection (which ends the process, and the service of every tenant with it). refusedRoute:
// the 429 both the journal's and the sandbox's routes answer when the rate limit refuses a request.
import { describe, expect, it } from 'vitest';
import type { AnswerHeaders, Reply } from '../../src/core/exchange.js';
import { refusedRoute, sendRouteAnswer } from '../../src/core/route-answer.js';

function recordingReply(failFirstSend: boolean): Reply & { sent: Array<{ status: number; body: string }> } {
  let failing = failFirstSend;
  const sent: Array<{ status: number; body: string }> = [];
  return {
    sent,
    setHeader() {},
    send(status: number, _headers: AnswerHeaders, body: Uint8Array | string) {
      if (failing) {
        failing = false;
        throw new RangeError('Invalid string length');
      }
      sent.push({ status, body: String(body) });
    },
    sendVerbatim() {},
    async stream() {},
    reset() {},
    finished: async () => {},
    get done() {
      return sent.length > 0;
    },
    get status() {
      return sent[0]?.status ?? 0;
    },
  };
}

describe('sendRouteAnswer', () => {
  it('answers 500 in the routes shape and warns when sending the worked-out answer throws', async () => {
    const reply = recordingReply(true);
    const warnings: string[] = [];
    sendRouteAnswer(reply, Promise.resolve({ status: 200, body: { ok: true } }), 'GET /_mock/requests', (line) => warnings.push(line));
    await expect.poll(() => reply.sent.length).toBe(1);
    expect(reply.sent[0]!.status).toBe(500);
    expect(JSON.parse(reply.sent[0]!.body)).toEqual({ statusCode: 500, message: "GET /_mock/requests failed; see the mock's log" });
    expect(warnings).toEqual(['GET /_mock/requests: Invalid string length']);
  });

  it('answers 500 when working out the answer fails', async () => {
    const reply = recordingReply(false);
    const warnings: string[] = [];
    sendRouteAnswer(reply, Promise.reject(new Error('store gone')), 'sandbox /_sandbox/reset', (line) => warnings.push(line));
    await expect.poll(() => reply.sent.length).toBe(1);
    expect(reply.sent[0]!.status).toBe(500);
    expect(warnings).toEqual(['sandbox /_sandbox/reset: store gone']);
  });
});

describe('refusedRoute', () => {
  it('answers 429 in the routes\' own shape with the rate limit\'s headers, after the pause it asks for', async () => {
    const headers = { 'retry-after': '1', 'ratelimit-remaining': '0' };
    const started = performance.now();
    const answer = await refusedRoute({ headers, error: { message: 'Too many requests' }, holdMs: 30 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(answer).toEqual({ status: 429, body: { statusCode: 429, message: 'Too many requests' }, headers });
  });
});
