// Read by the client (errors.ts: which request-body values never reach an error or a log) and the mock's request journal.

/**
 * Body keys whose values (and everything below them) may be secret: passwords, secret values, tokens, auth data,
 * credential headers, environment variables. No `g` flag, so `test` keeps no state between calls.
 */
export const SECRET_KEY = /pass|secret|token|api.?key|authori[sz]ation|credential|private|^(value|ca_cert|auth_data|(additional_)?headers|env)$/i;

/** Whether the value under `key` (and everything below it) may be secret, e.g. `newPassword`, `auth_data`, `env`. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * Appends to `into` the non-empty strings of `value` that may be secret: those below a key `isSecretKey` names, at
 * any depth. The client hides them in its errors and logs, the mock's journal wherever else they show.
 */
export function collectSecrets(value: unknown, into: string[] = [], insideSecret = false): string[] {
  if (typeof value === 'string') {
    if (insideSecret && value) into.push(value);
  } else if (value && typeof value === 'object') {
    // for-in, not Object.entries: the client's bundle counts every byte, and JSON bodies have no inherited keys.
    for (const key in value) collectSecrets((value as Record<string, unknown>)[key], into, insideSecret || isSecretKey(key));
  }
  return into;
}
