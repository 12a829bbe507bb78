// The mock accepts any non-empty bearer token; it never looks at or repeats the token itself.
import type { IncomingHttpHeaders } from 'node:http';

export function hasBearerToken(headers: IncomingHttpHeaders): boolean {
  const value = headers.authorization;
  return typeof value === 'string' && /^Bearer[ \t]+\S+/i.test(value);
}
