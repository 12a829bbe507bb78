// Which documented response answers a status: the rule the mock's answers, the validation proxy and the
// examples import share, decided here once.

/** Anything with documented responses keyed by status as the document writes them (`200`, `4XX`, `default`). */
export interface DocumentedResponses<R extends { status: string }> {
  responses: readonly R[];
}

/**
 * The documented response that answers `status`, as OpenAPI matches them: the exact status (`404`), else its
 * range (`4XX`, in any case), else `default`. `undefined` when the operation documents none of these.
 * Takes the model's `SpecOperation` as well as a reader's own table of an operation's responses.
 */
export function responseFor<R extends { status: string }>(operation: DocumentedResponses<R>, status: number): R | undefined {
  const { responses } = operation;
  const exact = responses.find((response) => response.status === String(status));
  if (exact !== undefined) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  const inRange = responses.find((response) => response.status.toUpperCase() === range);
  if (inRange !== undefined) return inRange;
  return responses.find((response) => response.status === 'default');
}
