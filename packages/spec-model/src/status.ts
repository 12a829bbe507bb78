// Which documented response answers a status: the rule the mock's answers, the validation proxy and the
// examples import share, decided here once.

/**
 * Anything with documented responses keyed by status as the document writes them (`200`, `4XX`, `default`), and
 * optionally the statuses every secured operation can answer without listing them (`x-secured-responses`).
 */
export interface DocumentedResponses<R extends { status: string }> {
  responses: readonly R[];
  securedResponses?: readonly R[];
}

/**
 * The documented response that answers `status`, as OpenAPI matches them: the exact status (`404`), else a status
 * every secured operation can answer (`x-secured-responses`: 401 in the operation's error shape), else its range
 * (`4XX`, in any case), else `default`. `undefined` when the operation documents none of these.
 * Takes the model's `SpecOperation` as well as a reader's own table of an operation's responses.
 */
export function responseFor<R extends { status: string }>(operation: DocumentedResponses<R>, status: number): R | undefined {
  const { responses } = operation;
  const exact = responses.find((response) => response.status === String(status));
  if (exact !== undefined) return exact;
  const secured = operation.securedResponses?.find((response) => response.status === String(status));
  if (secured !== undefined) return secured;
  const range = `${Math.floor(status / 100)}XX`;
  const inRange = responses.find((response) => response.status.toUpperCase() === range);
  if (inRange !== undefined) return inRange;
  return responses.find((response) => response.status === 'default');
}

/**
 * Every status an operation can answer as the document says it, for messages and lists: its own responses in
 * document order, then the statuses of `x-secured-responses` it does not list (`200, 400, 404, 412, 401`).
 */
export function answerableStatuses<R extends { status: string }>(operation: DocumentedResponses<R>): string[] {
  const own = operation.responses.map((response) => response.status);
  const secured = (operation.securedResponses ?? []).map((response) => response.status);
  return [...own, ...secured];
}
