// The journal's watch on one exchange (pipeline/seams.ts): a reply that tells the journal about its answer before
// sending it, so a test that awaits a response and then reads the journal (mock.requests(), /_mock/requests) always
// finds that request there. A class, not an object literal of closures: one is made per request, and the journal
// must cost a busy mock next to nothing. No answer waits for the journal: a fleet's journal holds its entries and
// stores them in batches, and a read on any instance first has every instance store what it holds.
import type { AnswerHeaders, IncomingRequest, Reply } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';
import type { ExchangeWatch } from '../pipeline/seams.js';
import type { JournalSink } from './recorded-exchange.js';

export class RecordingReply implements Reply, ExchangeWatch {
  /** set once routing finds the operation */
  private ctx: RequestContext | undefined = undefined;

  constructor(
    private readonly inner: Reply,
    private readonly journal: JournalSink,
    private readonly request: IncomingRequest,
    private readonly startedAt: number,
    private readonly requestId: string | undefined,
  ) {}

  get reply(): Reply {
    return this;
  }

  routed(ctx: RequestContext): void {
    this.ctx = ctx;
  }

  end(): void {}

  setHeader(name: string, value: string): void {
    this.inner.setHeader(name, value);
  }

  send(status: number, headers: AnswerHeaders, body: Uint8Array | string): void {
    this.record(status);
    this.inner.send(status, headers, body);
  }

  sendVerbatim(status: number, headers: AnswerHeaders, body: Uint8Array): void {
    this.record(status);
    this.inner.sendVerbatim(status, headers, body);
  }

  stream(status: number, headers: AnswerHeaders, head: readonly Uint8Array[], body: AsyncIterable<Uint8Array>): Promise<void> {
    this.record(status);
    return this.inner.stream(status, headers, head, body);
  }

  reset(): void {
    this.record(0);
    this.inner.reset();
  }

  finished(): Promise<void> {
    return this.inner.finished();
  }

  get done(): boolean {
    return this.inner.done;
  }

  get status(): number {
    return this.inner.status;
  }

  private record(status: number): void {
    this.journal.record(this.request, this.ctx, status, this.startedAt, this.requestId);
  }
}
