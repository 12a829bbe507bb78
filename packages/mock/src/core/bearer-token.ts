// The one reader of `Authorization: Bearer <token>`: the scheme (any case), blanks, the token, then whatever
// follows it. The stateless mock only asks whether there is a token (it accepts any non-empty token and never
// looks at or repeats it); the sandbox takes the token of a header that holds nothing else.
import type { RequestHeaders } from './exchange.js';

const BEARER = /^Bearer[ \t]+(\S+)(.*)$/is;

export function hasBearerToken(headers: RequestHeaders): boolean {
  const value = headers.authorization;
  return typeof value === 'string' && BEARER.test(value);
}

/** The token, when the header is a bearer token with nothing but blanks after it; undefined otherwise. */
export function soleBearerToken(headers: RequestHeaders): string | undefined {
  const value = headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = BEARER.exec(value);
  if (match === null) return undefined;
  const onlyBlanksAfter = match[2]!.trim() === '';
  return onlyBlanksAfter ? match[1] : undefined;
}
