// A reply that tells the journal about its answer before sending it: a test that awaits a response and then
// reads the journal (mock.requests(), /_mock/requests) always finds that request there. A class, not an object
// literal of closures: one is made per request, and the journal must cost a busy mock next to nothing.
import type { IncomingRequest, Reply } from '../http/exchange.js';
import type { RequestContext } from '../http/request-context.js';
import type { JournalSink } from './recorded-exchange.js';

export class RecordingReply implements Reply {
  /** set once routing finds the operation */
  ctx: RequestContext | undefined = undefined;

  constructor(
    private readonly inner: Reply,
    private readonly journal: JournalSink,
    private readonly request: IncomingRequest,
    private readonly url: URL,
    private readonly startedAt: number,
  ) {}

  setHeader(name: string, value: string): void {
    this.inner.setHeader(name, value);
  }

  send(status: number, headers: Record<string, string>, body: Uint8Array | string): void {
    this.record(status);
    this.inner.send(status, headers, body);
  }

  reset(): void {
    this.record(0);
    this.inner.reset();
  }

  get done(): boolean {
    return this.inner.done;
  }

  get status(): number {
    return this.inner.status;
  }

  private record(status: number): void {
    this.journal.record({ request: this.request, url: this.url, ctx: this.ctx, status, startedAt: this.startedAt });
  }
}
