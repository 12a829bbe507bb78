// Secret values in answers (a secret group's values, a virtual account's token) are replaced before an agent
// sees them, by the rule the client and the mock's journal use for request bodies (`isSecretKey`): every string
// below a key that may be secret. Only strings: a redacted answer still has the shape its output schema says.
import { isSecretKey } from '@vendor/spec-model';

export const REDACTED = '[REDACTED]';

/**
 * A copy of `body` with each string below a secret key replaced by `[REDACTED]`. `keepAt` is the one property
 * path shown anyway: the next page's token, which an agent must send back to read on.
 */
export function redactAnswer(body: unknown, keepAt?: readonly string[]): unknown {
  return redactValue(body, false, keepAt);
}

function redactValue(value: unknown, insideSecret: boolean, keepAt: readonly string[] | undefined): unknown {
  if (typeof value === 'string') return insideSecret ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, insideSecret, undefined));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const isKept = keepAt !== undefined && keepAt[0] === key;
    const keepBelow = isKept && keepAt.length > 1 ? keepAt.slice(1) : undefined;
    const isShown = isKept && keepAt.length === 1;
    const secret = !isShown && (insideSecret || isSecretKey(key));
    copy[key] = redactValue(child, secret, keepBelow);
  }
  return copy;
}
