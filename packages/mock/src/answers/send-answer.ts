// The stateless answer to a valid request: the answer table's documented example (answer-table.ts), or
// Prism's answer for what only Prism can give. Not async on purpose: a static answer is written at once.
import type { RequestContext } from '../http/request-context.js';
import { sendError, sendJson } from '../http/response-writer.js';
import { invalidRequestError } from '../validation/request-validation.js';
import { staticAnswerFor, type ChooseAnswer } from './answer-table.js';
import type { PrismEngine } from './prism-engine.js';

export interface StatelessAnswerDeps {
  answers: ChooseAnswer;
  /** Prism, loaded on first call */
  prism: () => Promise<PrismEngine>;
  warn: (line: string) => void;
}

export function sendStatelessAnswer(ctx: RequestContext, deps: StatelessAnswerDeps): Promise<void> | void {
  const { op, res } = ctx;
  const accept = ctx.headers.accept?.trim() || undefined;
  const choice = deps.answers(op, ctx.preferences, accept);
  switch (choice.kind) {
    case 'static': {
      const answer = staticAnswerFor(choice.answer, ctx.pathParams);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      return;
    }
    case 'unhonourable':
      return sendError(res, op.errorShape, invalidRequestError(op, [choice.violation]));
    case 'broken':
      deps.warn(choice.warning);
      return sendError(res, op.errorShape, choice.error);
    case 'prism':
      return answerWithPrism(ctx, deps);
  }
}

async function answerWithPrism(ctx: RequestContext, deps: StatelessAnswerDeps): Promise<void> {
  const { op, res } = ctx;
  const prism = await deps.prism();
  const outcome = await prism.mock(ctx);
  if (!outcome.ok) {
    return sendError(res, op.errorShape, { status: outcome.status, kind: 'mock-error', message: outcome.message });
  }
  if (outcome.responseViolations.length > 0) {
    const details = outcome.responseViolations.map((v) => `response.${v.message}`).join('; ');
    deps.warn(`response validation failed: ${op.operationId} ${outcome.status} does not match its schema: ${details}`);
    return sendError(res, op.errorShape, {
      status: 500,
      kind: 'response-invalid',
      message: `The mocked ${outcome.status} response of ${op.operationId} does not match its own schema (fix the spec's example): ${details}`,
    });
  }
  return sendJson(res, outcome.status, outcome.body, outcome.headers);
}
