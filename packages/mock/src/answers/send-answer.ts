// The stateless answer to a valid request: the answer table's documented example (answer-table.ts), or
// Prism's answer for what only Prism can give. Not async on purpose: a static answer is written at once.
import { headerValue } from '../core/exchange.js';
import type { RequestContext } from '../core/request-context.js';
import type { MockResponse } from '../spec/operation-table.js';
import { sendError, sendJson } from '../core/response-writer.js';
import { invalidRequestError } from '../validation/request-validation.js';
import { lastPageAnswerFor, staticAnswerFor, type ChooseAnswer, type StaticAnswer } from './answer-table.js';
import type { BodyGenerator } from './generated-answer.js';
import type { PrismEngine } from './prism-engine.js';

export interface StatelessAnswerDeps {
  answers: ChooseAnswer;
  /** generated bodies (Prefer: dynamic=true), reproducible for a seed */
  generate: BodyGenerator;
  /** Prism, loaded on first call */
  prism: () => Promise<PrismEngine>;
  warn: (line: string) => void;
}

export function sendStatelessAnswer(ctx: RequestContext, deps: StatelessAnswerDeps): Promise<void> | void {
  const { op, reply } = ctx;
  const accept = headerValue(ctx.headers, 'accept')?.trim() || undefined;
  const choice = deps.answers(op, ctx.preferences, accept);
  switch (choice.kind) {
    case 'static': {
      const answer = answerForRequest(choice.answer, ctx);
      reply.send(answer.status, answer.headers, answer.body);
      return;
    }
    case 'unhonourable':
      return sendError(reply, op.errorShape, invalidRequestError(op, [choice.violation]));
    case 'broken':
      deps.warn(choice.warning);
      return sendError(reply, op.errorShape, choice.error);
    case 'generated':
      return sendGeneratedAnswer(ctx, deps, choice.response, choice.status);
    case 'not-acceptable':
      return sendError(reply, op.errorShape, choice.error);
    case 'prism':
      return answerWithPrism(ctx, deps);
  }
}

/** The static answer as this request gets it: the last page when it continues paging, the 404 naming its ids. */
function answerForRequest(answer: StaticAnswer, ctx: RequestContext): StaticAnswer {
  // The example's next token (or an offset past its total) would fetch the same page forever: the walk ends here.
  const lastPage = lastPageAnswerFor(answer, ctx);
  if (lastPage !== undefined) return lastPage;
  return staticAnswerFor(answer, ctx.pathParams);
}

function sendGeneratedAnswer(ctx: RequestContext, deps: StatelessAnswerDeps, response: MockResponse, status: number): void {
  const { op, reply } = ctx;
  const generated = deps.generate(op, response, ctx.preferences.seed);
  if (!generated.ok) {
    deps.warn(`response validation failed: ${op.operationId} ${status} generated a body that does not match its schema: ${generated.details}`);
    return sendError(reply, op.errorShape, {
      status: 500,
      kind: 'response-invalid',
      message: `The generated ${status} response of ${op.operationId} does not match its own schema: ${generated.details}`,
    });
  }
  return sendJson(reply, status, generated.body, { 'content-type': response.jsonMediaType! });
}

async function answerWithPrism(ctx: RequestContext, deps: StatelessAnswerDeps): Promise<void> {
  const { op, reply } = ctx;
  const prism = await deps.prism();
  const outcome = await prism.mock(ctx);
  if (!outcome.ok) {
    return sendError(reply, op.errorShape, { status: outcome.status, kind: 'mock-error', message: outcome.message });
  }
  if (outcome.responseViolations.length > 0) {
    const details = outcome.responseViolations.map((v) => `response.${v.message}`).join('; ');
    deps.warn(`response validation failed: ${op.operationId} ${outcome.status} does not match its schema: ${details}`);
    return sendError(reply, op.errorShape, {
      status: 500,
      kind: 'response-invalid',
      message: `The mocked ${outcome.status} response of ${op.operationId} does not match its own schema (fix the spec's example): ${details}`,
    });
  }
  return sendJson(reply, outcome.status, outcome.body, outcome.headers);
}
