// The proxy's watch on one exchange (pipeline/seams.ts): what the steps of proxy-stages.ts learn, kept as the
// CheckedExchange it becomes, and handed to onExchange once the answer has gone out (or the client went away).
import { SHAPE_WITHOUT_OPERATION, type MockError } from '../core/error-shapes.js';
import type { AnswerHeaders, IncomingRequest, Reply } from '../core/exchange.js';
import type { RequestTarget } from '../core/request-target.js';
import type { RequestContext } from '../core/request-context.js';
import { sendError } from '../core/response-writer.js';
import type { ExchangeWatch } from '../pipeline/seams.js';
import type { ErrorShape } from '../types.js';
import type { CheckedExchange, ProxyAnswerReason } from '../conformance/checking/checked-exchange.js';

export const FINDINGS_HEADER = 'x-contract-findings';

export class ProxyExchange implements ExchangeWatch {
  /** the error shape of the proxy's own answers: the operation's, else that of the operation nearest the path */
  shape: ErrorShape = SHAPE_WITHOUT_OPERATION;
  readonly checked: Omit<CheckedExchange, 'durationMs'>;

  constructor(
    request: IncomingRequest,
    readonly reply: Reply,
    url: RequestTarget,
    private readonly startedAt: number,
    private readonly onExchange: (exchange: CheckedExchange) => void,
  ) {
    this.checked = {
      operation: undefined,
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      requestHeaders: request.headers,
      requestBody: { kind: 'none' },
      status: 0,
      responseHeaders: {},
      responseBody: { kind: 'none' },
      findings: [],
    };
  }

  routed(ctx: RequestContext): void {
    this.checked.operation = ctx.op;
    this.shape = ctx.op.errorShape;
  }

  /** Waits for the answer's last byte, then hands the exchange on. */
  async end(): Promise<void> {
    await this.reply.finished();
    this.onExchange({ ...this.checked, durationMs: performance.now() - this.startedAt });
  }

  /** The proxy's own answer, in the exchange's error shape; x-contract-findings counts the findings so far. */
  answerError(error: MockError, reason: ProxyAnswerReason): void {
    const headers: Record<string, string> = {};
    if (this.checked.findings.length > 0) headers[FINDINGS_HEADER] = String(this.checked.findings.length);
    sendError(this.reply, this.shape, error, headers);
    // The upstream's status stays when it answered (strict mode replaced its answer); otherwise the proxy's.
    if (this.checked.status === 0) this.checked.status = error.status;
    this.checked.proxyAnswer = { status: error.status, reason };
  }

  /** The upstream's headers (hop-by-hop ones already dropped), with the proxy's count of findings when there are any. */
  answerHeaders(headers: AnswerHeaders): AnswerHeaders {
    const out: AnswerHeaders = { ...headers };
    delete out[FINDINGS_HEADER];
    if (this.checked.findings.length > 0) out[FINDINGS_HEADER] = String(this.checked.findings.length);
    return out;
  }
}
