// What the server said in a refusal, read from whichever of the API's three error shapes it answered in
// (`message`, `error.message`, `detail[].msg`), and whether that refusal is explained by the target's state (a
// record that does not exist, or one that already exists) rather than by the request's form.
import type { CaseAnswer } from '../verify-types.js';

/** Longer server messages are cut: a report line, not a dump. */
const MAX_MESSAGE = 200;

export function serverMessageOf(answer: CaseAnswer): string | undefined {
  if (answer.body.kind !== 'json') return undefined;
  const body = answer.body.value as Record<string, unknown> | null;
  if (body === null || typeof body !== 'object') return undefined;
  const error = body.error as Record<string, unknown> | undefined;
  const detail = Array.isArray(body.detail) ? (body.detail[0] as Record<string, unknown> | undefined) : undefined;
  const candidates = [body.message, error?.message, detail?.msg];
  const found = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (found === undefined) return undefined;
  return found.length > MAX_MESSAGE ? `${found.slice(0, MAX_MESSAGE)}…` : found;
}

const CONFLICT = /already exists|already taken|conflict|duplicate/i;
const MISSING = /not found|does not exist|doesn't exist|no such|names no |unknown \w+ /i;

/** A refusal naming a record that already exists: a 409, or a 4xx whose error says so (or names the rule `unique`). */
export function namesConflict(answer: CaseAnswer): boolean {
  if (answer.status === 409) return true;
  if (answer.status < 400 || answer.status >= 500) return false;
  return CONFLICT.test(serverMessageOf(answer) ?? '') || hasUniqueDetail(answer);
}

/** A refusal the target's state explains: a record that does not exist, or one that already exists. */
export function isStateRefusal(answer: CaseAnswer): boolean {
  if (answer.status < 400 || answer.status >= 500) return false;
  if (answer.status === 404 || namesConflict(answer) || detailKinds(answer).includes('not_found')) return true;
  return MISSING.test(serverMessageOf(answer) ?? '');
}

/** A `details[].rule` (control plane) or `detail[].type` (ML) of `unique`. */
function hasUniqueDetail(answer: CaseAnswer): boolean {
  return detailKinds(answer).includes('unique');
}

function detailKinds(answer: CaseAnswer): unknown[] {
  if (answer.body.kind !== 'json') return [];
  const body = answer.body.value as { details?: unknown; detail?: unknown } | null;
  const items = [body?.details, body?.detail].filter(Array.isArray).flat() as Array<{ rule?: unknown; type?: unknown } | null>;
  return items.flatMap((item) => [item?.rule, item?.type]);
}

/** An answer as a report line reads it: its status and the server's message beside it (`422: a secret group ...`). */
export function answerText(answer: CaseAnswer): string {
  if (answer.failure !== undefined) return answer.failure;
  const message = serverMessageOf(answer);
  return message === undefined ? String(answer.status) : `${answer.status}: ${message}`;
}
