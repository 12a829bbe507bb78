// The journal's watch on one exchange (pipeline/seams.ts): a reply that tells the journal about its answer before
// sending it, so a test that awaits a response and then reads the journal (mock.requests(), /_mock/requests) always
// finds that request there. A class, not an object literal of closures: one is made per request, and the journal
// must cost a busy mock next to nothing. A journal that must store an entry before its answer may go returns a
// promise from record(): the answer then goes out once it resolves. (The fleet's journal does not: it holds entries
// and stores them in batches, and a read on any instance first has every instance store what it holds.)
import type { AnswerHeaders, IncomingRequest, Reply } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';
import type { ExchangeWatch } from '../pipeline/seams.js';
import type { JournalSink } from './recorded-exchange.js';

export class RecordingReply implements Reply, ExchangeWatch {
  /** set once routing finds the operation */
  private ctx: RequestContext | undefined = undefined;
  /** an answer waiting for its entry to be stored, and its status */
  private held: Promise<void> | undefined = undefined;
  private heldStatus = 0;

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

  end(): void | Promise<void> {
    return this.held;
  }

  setHeader(name: string, value: string): void {
    this.inner.setHeader(name, value);
  }

  send(status: number, headers: AnswerHeaders, body: Uint8Array | string): void {
    const stored = this.record(status);
    if (stored === undefined) return this.inner.send(status, headers, body);
    this.hold(stored, status, () => this.inner.send(status, headers, body));
  }

  sendVerbatim(status: number, headers: AnswerHeaders, body: Uint8Array): void {
    const stored = this.record(status);
    if (stored === undefined) return this.inner.sendVerbatim(status, headers, body);
    this.hold(stored, status, () => this.inner.sendVerbatim(status, headers, body));
  }

  stream(status: number, headers: AnswerHeaders, head: readonly Uint8Array[], body: AsyncIterable<Uint8Array>): Promise<void> {
    const stored = this.record(status);
    if (stored === undefined) return this.inner.stream(status, headers, head, body);
    this.heldStatus = status;
    this.held = stored.then(() => this.inner.stream(status, headers, head, body));
    return this.held;
  }

  reset(): void {
    this.record(0);
    this.inner.reset();
  }

  finished(): Promise<void> {
    if (this.held !== undefined) return this.held.then(() => this.inner.finished());
    return this.inner.finished();
  }

  get done(): boolean {
    return this.held !== undefined || this.inner.done;
  }

  get status(): number {
    if (this.held !== undefined && !this.inner.done) return this.heldStatus;
    return this.inner.status;
  }

  private record(status: number): void | Promise<void> {
    return this.journal.record(this.request, this.ctx, status, this.startedAt, this.requestId);
  }

  /** The answer goes out once its entry is stored (the journal's record never rejects: a failed store is its warning). */
  private hold(stored: Promise<void>, status: number, answer: () => void): void {
    this.heldStatus = status;
    this.held = stored.then(answer);
  }
}
